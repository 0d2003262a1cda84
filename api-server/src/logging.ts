import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * The server's logs. Two forms (`LOG_FORMAT`):
 * - `json` (the default for `npm run start:api` and production): pino's JSON lines, a line per
 *   request and its completion at `info`, for a log collector.
 * - `short` (what `npm start` and `npm run dev` ask for): one readable line per event, no
 *   request lines at `info`; at `LOG_LEVEL=debug` one short line per request
 *   (`GET /api/v1/activities 200 12ms`). Warnings and errors always show, a server error with
 *   its stack, so that a newcomer's console shows the addresses and what went wrong, not a flood.
 */

export type LogFormat = 'json' | 'short';

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

interface PinoLine {
  level: number;
  time?: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
  req?: { method?: string; url?: string };
  [k: string]: unknown;
}

/** One pino JSON line as the short form ("12:03:04 error  something failed: TypeError …"). */
export function shortLine(json: string): string {
  let o: PinoLine;
  try {
    o = JSON.parse(json) as PinoLine;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(o.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = LEVELS[o.level] ?? String(o.level);
  const where = o.req?.method ? ` (${o.req.method} ${o.req.url ?? ''})` : '';
  const head = `${time} ${level === 'info' ? '' : `${level.toUpperCase()} `}${o.msg ?? ''}${where}`;
  // A server error keeps its stack: it is the developer's to fix.
  const err = o.err ? (o.level >= 50 && o.err.stack ? `\n${o.err.stack}` : `: ${o.err.message ?? ''}`) : '';
  return `${head}${err}\n`;
}

export function logFormat(env: Record<string, string | undefined>): LogFormat {
  return env.LOG_FORMAT === 'short' ? 'short' : 'json';
}

/** The short form's request lines: none on arrival, one at debug after the answer. */
class ShortRequestLog extends LogController {
  override incomingRequest(): void {}
  override routeNotFound(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const url = request.url.length > 120 ? `${request.url.slice(0, 120)}…` : request.url;
    request.log.debug(
      `${request.method} ${url} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms${error ? ` (${error.message})` : ''}`,
    );
  }
}

/** Fastify's logger options for the format and level. */
export function loggerOptions(format: LogFormat, level: string): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (format === 'json') return { logger: { level } };
  return {
    logger: { level, stream: { write: (line: string) => void process.stdout.write(shortLine(line)) } },
    logController: new ShortRequestLog(),
  };
}
