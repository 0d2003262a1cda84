import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Resolver, ResolverResult } from 'react-hook-form';
import * as z from 'zod/mini';
import { lazyResolver, lazyZodResolver } from './lazy-resolver';

type Values = { title: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

const valid: ResolverResult<Values> = { values: { title: 'A bike' }, errors: {} };
const untitled: ResolverResult<Values> = { values: {}, errors: { title: { type: 'too_small', message: 'Give it a title.' } } };
const titleResolver: Resolver<Values> = async (values) => (values.title ? valid : untitled);

describe('lazyResolver', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on the server, loads nothing until the first check, then loads once and answers as the loaded resolver', async () => {
    const load = vi.fn(async () => titleResolver);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    expect(await resolver({ title: '' }, undefined, options)).toEqual(untitled);
    expect(await resolver({ title: 'A bike' }, undefined, options)).toEqual(valid);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again at the next check when it failed', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(titleResolver);
    const resolver = lazyResolver(load);

    await expect(resolver({ title: 'A bike' }, undefined, options)).rejects.toThrow('offline');
    expect(await resolver({ title: 'A bike' }, undefined, options)).toEqual(valid);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('in the browser, loads once the page has loaded and is idle, and the first check uses that load', async () => {
    const listeners: Array<() => void> = [];
    const idle: Array<() => void> = [];
    vi.stubGlobal('window', { addEventListener: (type: string, f: () => void) => type === 'load' && listeners.push(f) });
    vi.stubGlobal('document', { readyState: 'loading' });
    vi.stubGlobal('requestIdleCallback', (f: () => void) => idle.push(f));
    const load = vi.fn(async () => titleResolver);
    const resolver = lazyResolver(load);

    expect(load).not.toHaveBeenCalled(); // not while the page loads
    listeners.forEach((f) => f());
    expect(load).not.toHaveBeenCalled(); // nor before the browser is idle
    idle.forEach((f) => f());
    expect(load).toHaveBeenCalledTimes(1);

    expect(await resolver({ title: '' }, undefined, options)).toEqual(untitled);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('lazyZodResolver', () => {
  it('checks with the loaded zod schema: its message for a bad value, the values when good', async () => {
    const schema = z.object({ title: z.string().check(z.minLength(1, 'Give it a title.')) });
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();

    const bad = await resolver({ title: '' }, undefined, options);
    expect(bad.errors.title?.message).toBe('Give it a title.');
    expect(bad.values).toEqual({});
    expect(await resolver({ title: 'A bike' }, undefined, options)).toEqual({ values: { title: 'A bike' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
