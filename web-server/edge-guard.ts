// The production server's first check of every request, before admission and before Next: what
// Next's own protocol would answer with a 500 (lib/request-guard.ts's edgeRefusal) is answered
// here with its 4xx, as the proxy answers its refusals (a JSON message and the pages' security
// headers). The proxy runs the same check under `next dev` and `next start`.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { env } from '../lib/env.ts';
import { ALLOWED_METHODS, edgeRefusal } from '../lib/request-guard.ts';
import { withSecurityHeaders } from '../lib/security-headers.ts';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/** Answers a request Next would fail on and returns true; false for every other request. */
export function refuseAtEdge(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const pathname = (req.url ?? '').split('?')[0]!;
  const refusal = edgeRefusal(req.method ?? '', pathname, (name) => one(req.headers[name]));
  if (!refusal) return false;
  const answer = withSecurityHeaders(
    Response.json({ message: refusal.message }, { status: refusal.status, headers: { 'Cache-Control': 'no-store', ...refusal.headers } }),
    { secure: env().secure, signedIn: false },
  );
  res.writeHead(refusal.status, Object.fromEntries(answer.headers));
  res.end(JSON.stringify({ message: refusal.message }));
  return true;
}

/**
 * CONNECT (a proxy's method, which Node hands to the server's 'connect' listener rather than to
 * the request handler, and closes the connection without an answer when there is none): 405.
 */
export function refuseConnect(_req: http.IncomingMessage, socket: Duplex): void {
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
}
