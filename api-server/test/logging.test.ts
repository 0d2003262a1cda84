import { describe, expect, it } from 'vitest';
import { logFormat, loggerOptions, shortLine } from '../src/logging.ts';

describe('the short log form (npm start)', () => {
  const time = new Date(2026, 0, 2, 12, 3, 4).getTime();

  it('writes one readable line per event', () => {
    expect(shortLine(JSON.stringify({ level: 30, time, msg: 'Server listening at http://127.0.0.1:4000' }))).toBe(
      '12:03:04 Server listening at http://127.0.0.1:4000\n',
    );
    expect(shortLine(JSON.stringify({ level: 20, time, msg: 'GET /api/v1/activities 200 12ms' }))).toBe(
      '12:03:04 DEBUG GET /api/v1/activities 200 12ms\n',
    );
  });

  it('keeps a server error’s stack, and a warning’s message', () => {
    const error = shortLine(
      JSON.stringify({
        level: 50,
        time,
        msg: 'unhandled error: GET /x',
        err: { message: 'boom', stack: 'Error: boom\n    at f (a.ts:1:1)' },
      }),
    );
    expect(error).toBe('12:03:04 ERROR unhandled error: GET /x\nError: boom\n    at f (a.ts:1:1)\n');
    expect(shortLine(JSON.stringify({ level: 40, time, msg: 'slow', err: { message: 'took 9 s' } }))).toBe(
      '12:03:04 WARN slow: took 9 s\n',
    );
  });

  it('passes a line that is not JSON through', () => {
    expect(shortLine('plain text')).toBe('plain text\n');
  });

  it('is chosen by LOG_FORMAT=short; JSON otherwise, with request lines', () => {
    expect(logFormat({ LOG_FORMAT: 'short' })).toBe('short');
    expect(logFormat({})).toBe('json');
    expect(loggerOptions('json', 'info')).toEqual({ logger: { level: 'info' } });
    expect(loggerOptions('short', 'debug').logController).toBeDefined();
  });
});
