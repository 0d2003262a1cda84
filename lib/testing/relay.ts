import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A relay in front of the real api-server, for the web client's tests against other servers: it
// passes every request on as it came, unless `answer` answers it itself (a server that refuses a
// field name, lacks a route, …), and records what was asked. Never part of the web build.

export interface RelayAnswer {
  status: number;
  /** Sent as JSON; none: an empty body (a bare 405, say). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Relay {
  /** The relay's v1 base URL (the same path as the API's), for SOCIAL_API_URL. */
  baseUrl: string;
  /** `METHOD /path?query` of every request since the last reset, answered or passed on. */
  requests: string[];
  close(): Promise<void>;
}

/** The API's error envelope, as a server of the document answers a refusal. */
export function apiError(
  status: number,
  errorText: string,
  message: string,
  params?: Array<{ name: string; message: string }>,
): RelayAnswer {
  const error_params = params?.map((p) => ({ ...p, error_text: 'invalid_parameter' }));
  return {
    status,
    body: { success: false, data: { message, error_text: errorText, error_code: status, ...(error_params ? { error_params } : {}) } },
  };
}

/**
 * Starts the relay on a loopback port in front of `upstreamBaseUrl` (the API's v1 base).
 * `answer` gets the request's URL, its method and its path under the base (/albums/1, not
 * /api/v1/albums/1); what it answers is sent instead of the API's answer.
 */
export async function startRelay(
  upstreamBaseUrl: string,
  answer: (url: URL, method: string, path: string) => RelayAnswer | undefined = () => undefined,
): Promise<Relay> {
  const upstream = new URL(upstreamBaseUrl);
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://relay');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const own = answer(url, req.method ?? 'GET', url.pathname.slice(upstream.pathname.length));
    if (own) {
      req.resume();
      const json = own.body === undefined ? {} : { 'content-type': 'application/json' };
      res.writeHead(own.status, { ...json, ...own.headers });
      res.end(own.body === undefined ? undefined : JSON.stringify(own.body));
      return;
    }
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${upstream.pathname}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
