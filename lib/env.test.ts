import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from './env.ts';

afterEach(() => vi.restoreAllMocks());

describe('parseEnv', () => {
  it('warns about the public development secrets once per process, however many copies read them', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const production = { NODE_ENV: 'production' } as NodeJS.ProcessEnv;
    parseEnv(production);
    expect(warn.mock.calls.map(([line]) => String(line).match(/WARNING: (\w+)/)?.[1])).toEqual(['OAUTH_CLIENT_SECRET', 'SESSION_SECRET']);
    parseEnv(production);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
