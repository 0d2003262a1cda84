import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A local web server for link previews to fetch: one handler per path; it records every request. */
export async function startPageServer(routes: Record<string, Handler>) {
  const requests: Array<{ path: string; host: string | undefined }> = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ path, host: req.headers.host });
    const handler = routes[path];
    if (handler) handler(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const html =
  (body: string | Buffer, type = 'text/html; charset=utf-8'): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type }).end(body);
  };

export const redirect =
  (to: string, status = 302): Handler =>
  (_req, res) => {
    res.writeHead(status, { location: to }).end();
  };
