import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RealApi } from './real-api.ts';

// A relay in front of the real api-server, for the web client's tests: it notes every request
// (to count the API calls a function makes) and may answer one itself instead of passing it on
// (to play a server that differs from ours). Never part of the web build (tsconfig.web.json).

export interface ApiRelay {
  /** Every request's URL, in the order they came. */
  seen: URL[];
  close(): Promise<void>;
}

/** An answer the relay gives instead of the API's. */
export interface RelayAnswer {
  status: number;
  body: unknown;
}

/**
 * Starts the relay on a loopback port and points the web client's configuration
 * (SOCIAL_API_URL) at it: call it before the first env() of the test file, as startRealApi.
 */
export async function startApiRelay(api: RealApi, answer?: (url: URL) => RelayAnswer | undefined): Promise<ApiRelay> {
  const upstream = new URL(api.baseUrl);
  const seen: URL[] = [];
  const relay = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://relay');
    seen.push(url);
    const own = answer?.(url);
    if (own) {
      res.writeHead(own.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(own.body));
      return;
    }
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
  return { seen, close: () => new Promise<void>((resolve) => relay.close(() => resolve())) };
}
