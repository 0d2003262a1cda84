import http from 'node:http';
import { once } from 'node:events';
import v8 from 'node:v8';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi } from '../fixture.ts';
import { createClient, createUser, tokenFor } from '../helpers.ts';
import { TINY_PNG } from '../fuzz/battery.ts';
import { basic } from '../oauth/flow.ts';

// A multipart body is read by the server only as far as the request may go: API_BODY_LIMIT bounds
// its fields (their number, each one's size and their total) before any is kept, a file part is
// taken only by the routes that take files, and a request that names no valid token or client
// is refused before its body is read. Sent as an attacker would, over real HTTP on loopback, and
// measured as the upload bench measures the web server: what the process still holds after a full
// garbage collection, sampled while the body is on its way.

const t = setupApi({ listen: true });
const MB = 1_000_000;

let port: number;
let token: string;
let service: { id: string; secret: string | null };

beforeAll(async () => {
  port = Number(new URL(t.baseUrl).port);
  token = await tokenFor(t.db, (await createUser(t.db)).id);
  service = await createClient(t.db, { id: 'multipart-service', grants: ['client_credentials'], scopes: ['basic'] });
});

// --- what is sent ------------------------------------------------------------------------------

const BOUNDARY = 'hostile-boundary';
const enc = (s: string) => Buffer.from(s);

/** One part of a body: a field, or a file when `filename` is given; its value repeats `chunk`. */
interface Part {
  name: string;
  filename?: string;
  /** The value, or [chunk, times]: one shared Buffer sent `times` times (the test holds no body). */
  value: string | Buffer | [Buffer, number];
}

function* partChunks(p: Part): Generator<Buffer> {
  const file = p.filename === undefined ? '' : `; filename="${p.filename}"\r\nContent-Type: application/octet-stream`;
  yield enc(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n\r\n`);
  if (Array.isArray(p.value)) for (let i = 0; i < p.value[1]; i++) yield p.value[0];
  else yield typeof p.value === 'string' ? enc(p.value) : p.value;
  yield enc('\r\n');
}

function* bodyChunks(parts: Part[]): Generator<Buffer> {
  for (const p of parts) yield* partChunks(p);
  yield enc(`--${BOUNDARY}--\r\n`);
}

const lengthOf = (parts: Part[]) => [...bodyChunks(parts)].reduce((n, c) => n + c.length, 0);

/** A megabyte of "x", shared by every hostile body. */
const MEGABYTE = Buffer.alloc(MB, 'x');
/** The body: 160 fields of 1 MB each. */
const FIELDS_160_MB: Part[] = Array.from({ length: 160 }, (_, i) => ({ name: `f${i}`, value: MEGABYTE }));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** JSON of the body, when it is JSON. */
  json: Record<string, unknown> & { data?: Record<string, unknown> };
  /** How much of the body had been sent when the answer came. */
  sent: number;
}

/**
 * POSTs a multipart body over HTTP, with its Content-Length or chunked, writing as fast as the
 * server reads and stopping once it has answered (as a client that sees the answer would).
 */
function post(path: string, parts: Part[], { headers = {}, chunked = false } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': lengthOf(parts) }),
        ...headers,
      },
    });
    let sent = 0;
    let answered = false;
    const answer = new Promise<void>((done) => {
      req.on('response', (res) => {
        answered = true;
        const at = sent;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          let json = {};
          try {
            json = JSON.parse(body) as object;
          } catch {
            // not JSON: the test says so
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json, sent: at });
          req.destroy();
          done();
        });
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // The server may close while the rest is on its way; the answer came first.
      if (!answered) reject(err);
    });
    void (async () => {
      for (const chunk of bodyChunks(parts)) {
        if (answered || req.destroyed) return;
        sent += chunk.length;
        if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answer, once(req, 'close')]);
      }
      if (!answered && !req.destroyed) req.end();
    })().catch(() => {});
  });
}

// --- what the process holds --------------------------------------------------------------------

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Twice: V8 sweeps dead ArrayBuffers after a full collection (bench/memory-probe.ts). */
function held() {
  gc();
  gc();
  const m = process.memoryUsage();
  return { live: m.heapUsed + m.external, buffers: m.arrayBuffers, rss: m.rss };
}

/**
 * Runs `send` while sampling what the process holds every 10 ms after a full collection; answers
 * the highest growth over what it held before, of the live memory (heap and memory outside it),
 * of Buffers and ArrayBuffers, and of the resident size.
 */
async function growthWhile<T>(send: () => Promise<T>): Promise<{ result: T; live: number; buffers: number; rss: number }> {
  const before = held();
  const peak = { ...before };
  const sample = () => {
    const now = held();
    peak.live = Math.max(peak.live, now.live);
    peak.buffers = Math.max(peak.buffers, now.buffers);
    peak.rss = Math.max(peak.rss, now.rss);
  };
  const timer = setInterval(sample, 10);
  try {
    const result = await send();
    sample();
    return { result, live: peak.live - before.live, buffers: peak.buffers - before.buffers, rss: peak.rss - before.rss };
  } finally {
    clearInterval(timer);
  }
}

/** What the body may leave in the process at most: a tenth of its 160 MB. */
const BOUND = 16 * MB;

const apiError = (status: number, errorText: string) => ({ success: false, data: { error_code: status, error_text: errorText } });

// --- the tests ---------------------------------------------------------------------------------

describe('POST /api/v1/oauth/token with 160 fields of 1 MB and no client authentication', () => {
  it('answers 413 invalid_request before the body is read, and the server does not hold it', async () => {
    const m = await growthWhile(() => post('/api/v1/oauth/token', FIELDS_160_MB));
    expect(m.result.status).toBe(413);
    expect(m.result.json).toMatchObject({ error: 'invalid_request' });
    expect(m.result.headers['cache-control']).toBe('no-store');
    expect(m.result.sent).toBeLessThan(160 * MB);
    expect(m.live).toBeLessThan(BOUND);
    expect(m.buffers).toBeLessThan(BOUND);
    expect(m.rss).toBeLessThan(4 * BOUND);
  });

  it('sent chunked (no length to judge it by), answers 413 after the first field over the limit', async () => {
    const m = await growthWhile(() => post('/api/v1/oauth/token', FIELDS_160_MB, { chunked: true }));
    expect(m.result.status).toBe(413);
    expect(m.result.json).toMatchObject({ error: 'invalid_request' });
    expect(m.result.sent).toBeLessThan(20 * MB);
    expect(m.live).toBeLessThan(BOUND);
    expect(m.rss).toBeLessThan(4 * BOUND);
  });

  it('four at once leave the server as it was', async () => {
    const m = await growthWhile(() => Promise.all([1, 2, 3, 4].map(() => post('/api/v1/oauth/token', FIELDS_160_MB, { chunked: true }))));
    expect(m.result.map((r) => r.status)).toEqual([413, 413, 413, 413]);
    for (const r of m.result) expect(r.sent).toBeLessThan(20 * MB);
    expect(m.live).toBeLessThan(BOUND);
    expect(m.rss).toBeLessThan(4 * BOUND);
  });

  it('with a wrong HTTP Basic client, answers 401 invalid_client before the body is read', async () => {
    const m = await growthWhile(() =>
      post('/api/v1/oauth/token', FIELDS_160_MB, { chunked: true, headers: { authorization: basic(service.id, 'wrong') } }),
    );
    expect(m.result.status).toBe(401);
    expect(m.result.json).toMatchObject({ error: 'invalid_client' });
    expect(m.result.headers['www-authenticate']).toMatch(/^Basic/);
    expect(m.result.sent).toBeLessThan(20 * MB);
    expect(m.live).toBeLessThan(BOUND);
  });

  it('the revocation endpoint too: 401 invalid_client for a wrong Basic client, 413 without one', async () => {
    const wrong = await post('/api/v1/oauth/revoke', FIELDS_160_MB, { chunked: true, headers: { authorization: basic(service.id, 'x') } });
    expect([wrong.status, wrong.json.error]).toEqual([401, 'invalid_client']);
    const none = await post('/api/v1/oauth/revoke', FIELDS_160_MB, { chunked: true });
    expect([none.status, none.json.error]).toEqual([413, 'invalid_request']);
  });
});

describe('a resource route with a hostile multipart body', () => {
  it('without a token: 401 before the body is read', async () => {
    const m = await growthWhile(() => post('/api/v1/activities', FIELDS_160_MB, { chunked: true }));
    expect(m.result.status).toBe(401);
    expect(m.result.json).toMatchObject(apiError(401, 'unauthorized_user'));
    expect(m.result.sent).toBeLessThan(20 * MB);
    expect(m.live).toBeLessThan(BOUND);
  });

  it('with a token, fields past API_BODY_LIMIT in all: 413 request_too_large, and nothing held', async () => {
    const m = await growthWhile(() =>
      post('/api/v1/activities', FIELDS_160_MB, { headers: { authorization: `Bearer ${token}` }, chunked: true }),
    );
    expect(m.result.status).toBe(413);
    expect(m.result.json).toMatchObject(apiError(413, 'request_too_large'));
    expect(m.result.sent).toBeLessThan(20 * MB);
    expect(m.live).toBeLessThan(BOUND);
    expect(m.rss).toBeLessThan(4 * BOUND);
  });

  it('with a token, fields each under the limit but over it together: 413', async () => {
    const third = 'x'.repeat(Math.ceil(t.config.bodyLimit / 3) + 10);
    const res = await post(
      '/api/v1/activities',
      [
        { name: 'body', value: third },
        { name: 'a', value: third },
        { name: 'b', value: third },
      ],
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject(apiError(413, 'request_too_large'));
  });

  it('with a token, a declared length past what the route takes: 413 before a byte is read', async () => {
    const res = await post('/api/v1/activities', [{ name: 'body', value: [MEGABYTE, 5] }], {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject(apiError(413, 'request_too_large'));
  });

  it('a file part on a route that takes no file: 400 naming it, the file unread', async () => {
    const m = await growthWhile(() =>
      post(
        '/api/v1/activities',
        [
          { name: 'body', value: 'hello' },
          { name: 'attachment', filename: 'big.bin', value: [MEGABYTE, 50] },
        ],
        {
          headers: { authorization: `Bearer ${token}` },
          chunked: true,
        },
      ),
    );
    expect(m.result.status).toBe(400);
    expect(m.result.json).toMatchObject(apiError(400, 'invalid_parameters'));
    expect(m.result.json.data?.error_params).toEqual([expect.objectContaining({ name: 'attachment', error_text: 'invalid_parameter' })]);
    expect(m.result.sent).toBeLessThan(20 * MB);
    expect(m.live).toBeLessThan(BOUND);
  });

  it('an upload route refuses a file under another name, and its own file sent twice', async () => {
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const other = await post('/api/v1/albums/compose_upload', [{ name: 'photo', filename: 'a.png', value: TINY_PNG }], auth);
    expect(other.status).toBe(400);
    expect(other.json.data?.error_params).toEqual([expect.objectContaining({ name: 'photo' })]);
    const twice = await post(
      '/api/v1/albums/compose_upload',
      [
        { name: 'Filedata', filename: 'a.png', value: TINY_PNG },
        { name: 'Filedata', filename: 'b.png', value: TINY_PNG },
      ],
      auth,
    );
    expect(twice.status).toBe(400);
    expect(twice.json.data?.error_params).toEqual([expect.objectContaining({ name: 'Filedata' })]);
  });
});

describe('legitimate multipart requests still work', () => {
  it('a photo uploaded to the route that takes it', async () => {
    const res = await post('/api/v1/albums/compose_upload', [{ name: 'Filedata', filename: 'a.png', value: TINY_PNG }], {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ success: true, data: { photo_id: expect.any(Number) } });
  });

  it('a file as large as UPLOAD_MAX_BYTES allows reaches the route (which judges its bytes)', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(t.config.uploadMaxBytes - TINY_PNG.length)]);
    const res = await post('/api/v1/albums/compose_upload', [{ name: 'Filedata', filename: 'a.png', value: big }], {
      headers: { authorization: `Bearer ${token}` },
    });
    // Not a size refusal: the route reads the file and decides on what it is.
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it('a post written as a multipart form, with many small fields', async () => {
    const extra = Array.from({ length: 100 }, (_, i) => ({ name: `extra${i}`, value: 'y' }));
    const res = await post('/api/v1/activities', [{ name: 'body', value: 'Hello from a form' }, ...extra], {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status, res.body).toBe(200);
  });

  it('a token request as a multipart form, client in the body or in the Basic header', async () => {
    const inBody = await post('/api/v1/oauth/token', [
      { name: 'grant_type', value: 'client_credentials' },
      { name: 'client_id', value: service.id },
      { name: 'client_secret', value: service.secret! },
    ]);
    expect(inBody.status, inBody.body).toBe(200);
    expect(inBody.json).toMatchObject({ access_token: expect.any(String) });
    const inHeader = await post('/api/v1/oauth/token', [{ name: 'grant_type', value: 'client_credentials' }], {
      headers: { authorization: basic(service.id, service.secret!) },
    });
    expect(inHeader.status, inHeader.body).toBe(200);
  });
});
