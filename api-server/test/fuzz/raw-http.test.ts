import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';

// What in-process requests cannot reach: Node's HTTP parser refuses some requests before
// Fastify sees them (headers or a request line over 16 KiB, bytes that are not HTTP), and a
// client may hang up in the middle of its body. Over a real socket, on loopback.

const t = setupApi({ listen: true });
let port: number;
let token: string;

beforeAll(async () => {
  token = await tokenFor(t.db, (await createUser(t.db)).id);
  port = Number(new URL(t.baseUrl).port);
});

/**
 * Sends raw bytes, half-closes when `end` (else hangs up after `hangUpMs`, unless `wait`: a request
 * with `Connection: close`, which the server closes once it has answered), and answers
 * everything the server wrote back. A half-closed socket is closed by the server when it sees
 * the end: a request it answers only after real I/O (PostgreSQL) is sent with `wait`. With
 * `answered`, it hangs up as soon as a whole answer has come (`hangUpMs` then only bounds the
 * wait): a server busy with other tests may take longer than a fixed delay to answer.
 */
function raw(bytes: string | Buffer, { end = true, wait = false, hangUpMs = 300, answered = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => {
      chunks.push(c);
      if (answered && wholeAnswer(Buffer.concat(chunks).toString())) socket.destroy();
    });
    socket.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(Buffer.concat(chunks).toString()) : reject(e),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    socket.write(bytes);
    if (wait) return;
    if (end) socket.end();
    else setTimeout(() => socket.destroy(), hangUpMs);
  });
}

/** Whether `response` holds a whole answer: its head, and as much body as its Content-Length says. */
function wholeAnswer(response: string): boolean {
  const at = response.indexOf('\r\n\r\n');
  if (at === -1) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(response.slice(0, at))?.[1];
  return length !== undefined && Buffer.byteLength(response.slice(at + 4)) >= Number(length);
}

function parse(response: string) {
  const [head = '', ...rest] = response.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** The issue-52 requests: the body never sent whole; hang up once the answer has come (at most 10 s). */
const UNTIL_ANSWERED = { end: false, answered: true, hangUpMs: 10_000 };

const envelope = (status: number, errorText: string) => ({ success: false, data: { error_code: status, error_text: errorText } });

describe('refusals before Fastify answer the envelope', () => {
  it('a request line over the header limit: 431 request_too_large', async () => {
    const res = parse(await raw(`GET /api/v1/albums?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(res.status).toBe(431);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(res.body)).toMatchObject(envelope(431, 'request_too_large'));
  });

  it('headers over the limit: 431 request_too_large', async () => {
    const res = parse(await raw(`GET /api/v1/albums HTTP/1.1\r\nHost: x\r\nCookie: ${'c=1; '.repeat(5000)}\r\n\r\n`));
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject(envelope(431, 'request_too_large'));
  });

  it('bytes that are not HTTP: 400 bad_request', async () => {
    const res = parse(await raw('\u0000\u0001GARBAGE / NOT-HTTP\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject(envelope(400, 'bad_request'));
  });

  it('a chunked body with a malformed chunk: 400 bad_request', async () => {
    const res = parse(
      await raw(
        `POST /api/v1/activities HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nbody=hi\r\n0\r\n\r\n`,
      ),
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, data: { error_code: 400 } });
  });

  it('a path that is not valid percent-encoding, over HTTP: 404 not_found', async () => {
    const res = parse(await raw('GET /api/v1/albums/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject(envelope(404, 'not_found'));
  });
});

describe('a client that hangs up mid-body', () => {
  it('changes nothing, and the server answers the next request', async () => {
    const before = await t.db.selectFrom('activities').select('id').execute();
    const b = 'cut';
    const head =
      `POST /api/v1/activities HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${b}\r\nContent-Length: 10000\r\n\r\n`;
    await raw(`${head}--${b}\r\nContent-Disposition: form-data; name="body"\r\n\r\nhalf a post`, { end: false });
    await raw(`${head}--${b}\r\nContent-Disposition: form-data; name="body"\r\n\r\nhalf a post`);
    const next = parse(
      await raw(`GET /api/v1/users/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`, {
        wait: true,
      }),
    );
    expect(next.status).toBe(200);
    expect(await t.db.selectFrom('activities').select('id').execute()).toEqual(before);
  });
});

describe('a multipart body larger than the request may be (issue 52)', () => {
  // Only the head and the start of a body declared 160 MB long is sent; the answer must come
  // while the rest has not: the server refused the request without waiting for its body.
  const b = 'hostile';
  const start = (path: string, headers = '') =>
    `POST ${path} HTTP/1.1\r\nHost: x\r\n${headers}Content-Type: multipart/form-data; boundary=${b}\r\n` +
    `Content-Length: ${160 * 1_000_000}\r\n\r\n--${b}\r\nContent-Disposition: form-data; name="f0"\r\n\r\n${'x'.repeat(1000)}`;

  it('to the token endpoint without a client: 413 invalid_request', async () => {
    const res = parse(await raw(start('/api/v1/oauth/token'), UNTIL_ANSWERED));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'invalid_request' });
  });

  it('to the token endpoint with a wrong Basic client: 401 invalid_client', async () => {
    const wrong = `Authorization: Basic ${Buffer.from('web:wrong').toString('base64')}\r\n`;
    // Checking a secret takes a while (a slow hash, on purpose).
    const res = parse(await raw(start('/api/v1/oauth/token', wrong), UNTIL_ANSWERED));
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'invalid_client' });
  });

  it('to a resource route without a token: 401 unauthorized_user', async () => {
    const res = parse(await raw(start('/api/v1/activities'), UNTIL_ANSWERED));
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject(envelope(401, 'unauthorized_user'));
  });

  it('to a resource route with a token: 413 request_too_large', async () => {
    const res = parse(await raw(start('/api/v1/activities', `Authorization: Bearer ${token}\r\n`), UNTIL_ANSWERED));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject(envelope(413, 'request_too_large'));
  });

  it('to an upload route with a token: 413 request_too_large (a file may be UPLOAD_MAX_BYTES, not 160 MB)', async () => {
    const res = parse(await raw(start('/api/v1/albums/compose_upload', `Authorization: Bearer ${token}\r\n`), UNTIL_ANSWERED));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject(envelope(413, 'request_too_large'));
  });

  it('to the legacy API with a wrong token in the query: its error, before the body', async () => {
    const res = parse(await raw(start('/api.php?method=user.getUser&token=wrong'), UNTIL_ANSWERED));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ output: { error: true, error_id: 3 } });
  });
});
