import path from 'node:path';

// How the web app's production server (web-server/server.ts: Next's request handler behind
// admission control) is started, wherever it is: `npm start` (scripts/start.ts), `npm run
// start:web` (package.json, written out there and checked by next-start.test.ts), the two
// instances of `npm run test:cluster`, the end-to-end tests' servers (playwright.config.ts,
// e2e/second-web.ts) and `npm run bench`, which starts the bare page with plain `next start` and
// the same node options, so that the two are compared on one runtime.
//
// --no-memory-reducer: V8's memory reducer collects garbage when a process goes quiet and gives
// memory back (~80 MiB of the web server's ~450 MiB here). After it had run, the server rendered
// the feed ~1.5–2 ms slower (CPU per page) for minutes: the bench's CPU rounds, where each server
// rests while the other is loaded, showed it as steps in the middle of a run, in either server
// (three runs of 10 round pairs each way, alternating: the product's own CPU per feed render 3.71,
// 3.73 and 3.70 ms by default, 2.41, 2.28 and 2.47 ms without the reducer, the 95% intervals a
// third as wide). A server between bursts of traffic meets the same; what it costs is memory not
// given back while it is idle, which a server of its own can spare.
export const WEB_SERVER_NODE_ARGS = ['--no-memory-reducer'];

/** Next's command line, run with this Node (not a shell's `next`, which might find another). */
export const NEXT_BIN = path.join(import.meta.dirname, '..', 'node_modules', 'next', 'dist', 'bin', 'next');

/** The web app's production build: `next build` and the browser chunks' compile hints (build-web.ts). */
export const BUILD_WEB = path.join(import.meta.dirname, '..', 'scripts', 'build-web.ts');

/** The web app's production server. */
export const WEB_SERVER = path.join(import.meta.dirname, 'server.ts');

type StartOptions = { hostname?: string; nodeArgs?: readonly string[] };

/** node's arguments for `program` on `port`: the web server's options, then `nodeArgs` (a bench's `--trace-gc`). */
function startArgs(program: readonly string[], port: number | string, { hostname, nodeArgs = [] }: StartOptions): string[] {
  return [...WEB_SERVER_NODE_ARGS, ...nodeArgs, ...program, ...(hostname ? ['--hostname', hostname] : []), '--port', String(port)];
}

/** The web app's server on `port`. */
export const webServerArgs = (port: number | string, options: StartOptions = {}) => startArgs([WEB_SERVER], port, options);

/** Plain `next start` on `port` (the bench's bare page), with the same options. */
export const nextStartArgs = (port: number | string, options: StartOptions = {}) => startArgs([NEXT_BIN, 'start'], port, options);
