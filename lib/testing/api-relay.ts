import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RealApi } from './real-api.ts';

// A relay in front of the real api-server, standing in for another server: `answer` answers the
// requests that server would answer otherwise (and says so by answering true); the rest go on
// to the real API. The web client's configuration (SOCIAL_API_URL) is pointed at the relay.

/** `path` is the request's path under the API's base (/albums/1, not /api/v1/albums/1). */
export type RelayAnswer = (req: http.IncomingMessage, res: http.ServerResponse, path: string, url: URL) => boolean;

export async function startApiRelay(api: RealApi, answer: RelayAnswer): Promise<{ close(): Promise<void> }> {
  const upstream = new URL(api.baseUrl);
  const relay = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://relay');
    if (answer(req, res, url.pathname.slice(upstream.pathname.length), url)) return;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  // The relay serves the same paths (/api/v1/…) as the API it stands in front of.
  process.env.SOCIAL_API_URL = `http://127.0.0.1:${(relay.address() as AddressInfo).port}${upstream.pathname}`;
  return { close: () => new Promise<void>((resolve) => relay.close(() => resolve())) };
}
