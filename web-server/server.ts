// The web app's production server: Next's own request handler (the one `next start` runs) behind
// admission control (web-server/admission.ts), which Next's command line has no place for, with
// the requests Next's protocol would fail on refused first (web-server/edge-guard.ts), a page
// read's headers set before Next sees it (web-server/prepare-page.ts) and a page read's 404
// rendered again as its not-found page (web-server/not-found-page.ts). Started
// by web-server/next-start.ts's webServerArgs wherever the web app runs in production.
//
//   node web-server/server.ts [--port 3000] [--hostname 127.0.0.1]
//
// WEB_CONCURRENCY_LIMIT (default 2) is how many requests it renders at once while its thread is
// busy; 0 turns the queue off (every request runs as it arrives, as under `next start`).
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import compression from 'compression';
import { admission, concurrencyLimit } from './admission.ts';
import { refuseAtEdge, refuseConnect } from './edge-guard.ts';
import { renderNotFoundPages } from './not-found-page.ts';
import { preparePage } from './prepare-page.ts';
import { rewritePageScripts } from './scripts-after-paint.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;
const limit = concurrencyLimit();
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`web-server: not a port: ${values.port ?? process.env.PORT}`);

// As `next start` does, before Next is loaded: it reads the mode when it loads.
(process.env as Record<string, string>).NODE_ENV = 'production';
const { default: next } = await import('next');
const app = next({ dev: false, dir: path.join(import.meta.dirname, '..'), hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

// Build assets are files read from disk, an upload streams for seconds, and a video's or a song's
// file as long as its player reads it (lib/media-file-response.ts): none waits in the queue nor
// holds a place in it.
const MEDIA_FILE = /^\/api\/(?:videos|music\/songs)\/\d+\/file(?:\?|$)/;
const bypass = (req: http.IncomingMessage) =>
  req.url!.startsWith('/_next/static/') || req.url!.startsWith('/api/upload/') || MEDIA_FILE.test(req.url!);
// Compression is this server's, not Next's (next.config.js: `compress: false`), so that a page's
// HTML is rewritten before it is compressed (web-server/scripts-after-paint.ts). The same
// middleware Next bundles, a later version of it (gzip, deflate and, new, Brotli at quality 4).
const compress = compression() as unknown as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
// A page read gets its headers here rather than from Next's proxy call (web-server/prepare-page.ts).
/** Next's handler for a request whose answer `res` is ready for (its wrappers in place). */
const nextHandles = (req: http.IncomingMessage, res: http.ServerResponse) => {
  try {
    preparePage(req, res);
  } catch (error) {
    console.error(`Failed to prepare ${req.url}`, error);
  }
  handle(req, res).catch((error: unknown) => {
    console.error(`Failed to handle request for ${req.url}`, error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
};
const render: http.RequestListener = (req, res) => {
  compress(req, res, () => {});
  rewritePageScripts(res);
  // A page read's 404 is rendered again as its not-found page (web-server/not-found-page.ts).
  renderNotFoundPages(req, res, (again) => nextHandles(again, res));
  nextHandles(req, res);
};
const admitted = limit > 0 ? admission(render, { limit, bypass }).listener : render;
// A refusal costs nothing to answer: it neither waits in the queue nor holds a place in it.
const server = http.createServer((req, res) => {
  if (!refuseAtEdge(req, res)) admitted(req, res);
});
server.on('connect', refuseConnect);
server.listen(port, hostname, () => {
  console.log(
    `▲ Next.js web server ready on http://${hostname ?? 'localhost'}:${port} (renders at once while busy: ${limit || 'no limit'})`,
  );
});

// SIGTERM (a deploy, a scale-down) and Ctrl-C: stop taking connections, finish the requests held
// (the queued ones too), then leave, as `next start` does.
let stopping = false;
for (const [signal, code] of [
  ['SIGTERM', 143],
  ['SIGINT', 130],
] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      void app.close().finally(() => process.exit(code));
    });
    server.closeIdleConnections();
  });
}
