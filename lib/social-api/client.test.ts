import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure as failure } from '../testing/api-failure.ts';
import { apiFetch } from './client.ts';

// A real HTTP server on loopback stands in for the API: the client is tested over the wire.
let server: http.Server;
let base: string;
const seen: Array<{ method?: string; url?: string; auth?: string; type?: string; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, type: req.headers['content-type'], body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      const path = (req.url ?? '').split('?')[0];
      if (path === '/ok') return send(200, { success: true, data: { id: 7 } });
      if (path === '/only-success') return send(200, { success: true });
      if (path === '/missing')
        return send(404, { success: false, data: { message: 'Not here.', error_text: 'not_found', error_code: 404 } });
      if (path === '/invalid') {
        return send(400, {
          success: false,
          data: {
            message: 'title: is required',
            error_text: 'invalid_parameters',
            error_code: 400,
            error_params: [
              { name: 'title', message: 'is required', error_text: 'missing_parameter' },
              { name: 'price', message: 'must be a number', error_text: 'invalid_parameter' },
            ],
          },
        });
      }
      if (path === '/html') {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<h1>Bad gateway</h1>');
      }
      if (path === '/moved') {
        res.writeHead(302, { location: '/ok' });
        return res.end();
      }
      if (path === '/busy') {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
        return res.end(
          JSON.stringify({ success: false, data: { message: 'Slow down.', error_text: 'too_many_requests', error_code: 429 } }),
        );
      }
      if (path === '/slow') {
        setTimeout(() => send(200, { success: true, data: 1 }), 1000);
        return;
      }
      send(500, { success: false, data: { message: 'Something went wrong on our side.', error_text: 'exception_error', error_code: 500 } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const cfg = () => ({ baseUrl: base, timeoutMs: 2000 });

describe('apiFetch', () => {
  it('unwraps the data of a success envelope and sends the bearer token and query', async () => {
    await expect(apiFetch(cfg(), '/ok', { token: 'tok', query: { limit: 15, maxid: undefined, fields: 'id' } })).resolves.toEqual({
      id: 7,
    });
    const req = seen.at(-1)!;
    expect(req.auth).toBe('Bearer tok');
    expect(req.url).toBe('/ok?limit=15&fields=id');
  });

  it('resolves undefined for operations that answer only success', async () => {
    await expect(apiFetch(cfg(), '/only-success', { method: 'POST', form: { id: 1 } })).resolves.toBeUndefined();
  });

  it('posts forms as multipart/form-data, as the spec says', async () => {
    await apiFetch(cfg(), '/ok', { form: { body: 'hello', 'attachment[type]': 'link', skip: undefined } });
    const req = seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.body).toContain('name="attachment[type]"');
    expect(req.body).not.toContain('name="skip"');
  });

  it('turns an error envelope into an ApiError with status and code', async () => {
    const e = await failure(apiFetch(cfg(), '/missing'));
    expect([e.status, e.code, e.message]).toEqual([404, 'not_found', 'Not here.']);
  });

  it('maps invalid_parameters onto field errors', async () => {
    const e = await failure(apiFetch(cfg(), '/invalid', { form: { a: 1 } }));
    expect(e.status).toBe(400);
    expect(e.fieldErrors).toEqual({ title: 'is required', price: 'must be a number' });
  });

  it('reports a non-JSON answer as a bad gateway', async () => {
    const e = await failure(apiFetch(cfg(), '/html'));
    expect([e.status, e.code, e.isUnavailable]).toEqual([502, 'bad_response', true]);
  });

  it('follows no redirect: the API sends none, so one is a bad gateway (a read and a write alike)', async () => {
    for (const opts of [{}, { form: { a: 1 } }]) {
      const before = seen.length;
      const e = await failure(apiFetch(cfg(), '/moved', opts));
      expect([e.status, e.code]).toEqual([502, 'upstream_unreachable']);
      expect(seen.slice(before).map((r) => r.url)).toEqual(['/moved']);
    }
  });

  it("passes on a refusal's Retry-After (429), from a read and from a write", async () => {
    for (const opts of [{}, { form: { a: 1 } }]) {
      const e = await failure(apiFetch(cfg(), '/busy', opts));
      expect([e.status, e.code, e.message, e.retryAfter]).toEqual([429, 'too_many_requests', 'Slow down.', 7]);
    }
  });

  it('gives up after the timeout with 504', async () => {
    const e = await failure(apiFetch(cfg(), '/slow', { timeoutMs: 100 }));
    expect([e.status, e.code]).toEqual([504, 'upstream_timeout']);
  });

  it('reports an unreachable API as 502', async () => {
    const e = await failure(apiFetch({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }, '/ok'));
    expect([e.status, e.code]).toEqual([502, 'upstream_unreachable']);
  });

  it('keeps the API status of server errors', async () => {
    const e = await failure(apiFetch(cfg(), '/boom'));
    expect([e.status, e.code, e.isUnavailable]).toEqual([500, 'exception_error', true]);
  });
});
