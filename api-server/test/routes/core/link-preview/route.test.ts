import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../../../helpers.ts';
import { type TestApp, setupApi } from '../../../fixture.ts';
import { get } from '../../fixtures.ts';
import { html, redirect, startPageServer } from './page-server.ts';

const PREVIEW = '/api/v1/core/link_preview';
const KEYS = ['content_type', 'description', 'images', 'thumb', 'title', 'url'];

const open = setupApi({ config: { linkPreviewAllowPrivate: true } }); // LINK_PREVIEW_ALLOW_PRIVATE=1: may fetch the local test server
const strict = setupApi(); // the default: private and local addresses refused
let openToken: string, strictToken: string;
let site: Awaited<ReturnType<typeof startPageServer>>;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  openToken = await tokenFor(open.db, (await createUser(open.db)).id, ['basic']);
  strictToken = await tokenFor(strict.db, (await createUser(strict.db)).id, ['basic']);
  site = await startPageServer({
    '/article': html(`<!doctype html><html><head><title>Ignored</title>
      <meta property="og:title" content="Lake walk">
      <meta property="og:description" content="Three hours around the lake.">
      <meta property="og:image" content="/pics/lake.jpg">
      <meta property="og:image" content="pics/shore.jpg"></head><body><p>hi</p></body></html>`),
    '/plain': html(
      '<html><head><title> A plain page </title><meta name="description" content="Nothing fancy"></head><body><img src="/a.png"></body></html>',
    ),
    '/latin1': html(Buffer.from('<title>Caf\xe9 cr\xe8me</title>', 'latin1'), 'text/html; charset=iso-8859-1'),
    '/latin1-meta': html(Buffer.from('<meta charset="windows-1252"><title>Caf\xe9 cr\xe8me</title>', 'latin1'), 'text/html'),
    '/gzip': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(zlib.gzipSync('<title>Compressed</title>'));
    },
    '/image.png': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    },
    '/file.pdf': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
    },
    '/r1': redirect('/r2'),
    '/r2': redirect('/article', 301),
    '/three': redirect('/r1'),
    '/missing': (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
    },
    '/broken': (req) => {
      req.socket.destroy();
    },
    '/ftp': redirect('ftp://example.com/file'),
    '/huge': (_req, res) => {
      // Endless: only a client that stops reading ever gets an answer.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>Huge page</title><meta property="og:description" content="Starts well">');
      const filler = `<p>${'x'.repeat(64 * 1024)}</p>`;
      const more = () => {
        if (res.destroyed) return;
        if (res.write(filler)) setImmediate(more);
        else res.once('drain', more);
      };
      more();
      res.on('error', () => {});
    },
    '/late-meta': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<title>Late</title><p>${'y'.repeat(1024 * 1024 + 10)}</p><meta property="og:title" content="Too late">`);
    },
    '/silent': () => {
      /* never answers */
    },
  });
});
afterAll(async () => {
  await site.close();
});

const preview = (t: TestApp, token: string, uri: string) => get(t, token, PREVIEW, { uri });

describe('GET /core/link_preview: what a page shows', () => {
  it('reads Open Graph tags; relative images become absolute; thumb is the first image', async () => {
    const res = await preview(open, openToken, `${site.origin}/article`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(KEYS);
    expect(res.body.data).toEqual({
      url: `${site.origin}/article`,
      content_type: 'text/html',
      title: 'Lake walk',
      description: 'Three hours around the lake.',
      thumb: `${site.origin}/pics/lake.jpg`,
      images: [`${site.origin}/pics/lake.jpg`, `${site.origin}/pics/shore.jpg`],
    });
  });

  it('falls back to <title>, meta description and the page images', async () => {
    const res = await preview(open, openToken, `${site.origin}/plain`);
    expect(res.body.data).toMatchObject({
      title: 'A plain page',
      description: 'Nothing fancy',
      thumb: `${site.origin}/a.png`,
      images: [`${site.origin}/a.png`],
    });
  });

  it('decodes the charset the page declares and gzip-compressed pages', async () => {
    expect((await preview(open, openToken, `${site.origin}/latin1`)).body.data.title).toBe('Café crème');
    expect((await preview(open, openToken, `${site.origin}/latin1-meta`)).body.data.title).toBe('Café crème');
    expect((await preview(open, openToken, `${site.origin}/gzip`)).body.data.title).toBe('Compressed');
  });

  it('a link to a picture is its own thumbnail', async () => {
    const res = await preview(open, openToken, `${site.origin}/image.png`);
    expect(res.body.data).toEqual({
      url: `${site.origin}/image.png`,
      content_type: 'image/png',
      title: '',
      description: '',
      thumb: `${site.origin}/image.png`,
      images: [`${site.origin}/image.png`],
    });
  });

  it('other content types answer their type and empty texts', async () => {
    const res = await preview(open, openToken, `${site.origin}/file.pdf`);
    expect(res.body.data).toEqual({
      url: `${site.origin}/file.pdf`,
      content_type: 'application/pdf',
      title: '',
      description: '',
      thumb: '',
      images: [],
    });
  });

  it('follows two redirects and answers the final URL', async () => {
    const res = await preview(open, openToken, `${site.origin}/r1`);
    expect(res.status).toBe(200);
    expect(res.body.data.url).toBe(`${site.origin}/article`);
    expect(res.body.data.title).toBe('Lake walk');
  });

  it('works with a client-credentials token too', async () => {
    const res = await preview(open, await tokenFor(open.db, null, ['basic']), `${site.origin}/plain`);
    expect(res.status).toBe(200);
  });
});

describe('GET /core/link_preview: limits and failures', () => {
  it('a third redirect answers 502 and is not followed', async () => {
    const before = site.requests.length;
    const res = await preview(open, openToken, `${site.origin}/three`);
    expect(res.status).toBe(502);
    expect(res.body.data.error_text).toBe('upstream_error');
    expect(res.body.data.message).toMatch(/redirects more than 2 times/);
    expect(site.requests.slice(before).map((r) => r.path)).toEqual(['/three', '/r1', '/r2']);
  });

  it('reads at most 1 MB of an endless page and still answers from what it read', async () => {
    const res = await preview(open, openToken, `${site.origin}/huge`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Huge page', description: 'Starts well' });
  });

  it('ignores what comes after the first megabyte', async () => {
    const res = await preview(open, openToken, `${site.origin}/late-meta`);
    expect(res.body.data.title).toBe('Late');
  });

  it('an error status of the page answers 502 naming it', async () => {
    const res = await preview(open, openToken, `${site.origin}/missing`);
    expect(res.status).toBe(502);
    expect(res.body.data.message).toBe('The page answered with HTTP status 404.');
  });

  it('a connection that fails answers 502 without internals', async () => {
    const res = await preview(open, openToken, `${site.origin}/broken`);
    expect(res.status).toBe(502);
    expect(res.body.data.message).not.toMatch(/ECONN|Error|at /);
  });

  it('a redirect to another scheme answers 400', async () => {
    const res = await preview(open, openToken, `${site.origin}/ftp`);
    expect(res.status).toBe(400);
    expect(res.body.data.message).toMatch(/not http or https/);
  });

  it('a page that never answers fails with 504 after about 5 seconds', async () => {
    const started = Date.now();
    const res = await preview(open, openToken, `${site.origin}/silent`);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(504);
    expect(res.body.data.message).toBe('The page took too long to answer.');
    expect(elapsed).toBeGreaterThanOrEqual(4500);
    expect(elapsed).toBeLessThan(7000);
  }, 15_000);
});

describe('GET /core/link_preview: refused addresses', () => {
  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'not a url', '/relative/path'])(
    '%s answers 400 naming uri',
    async (uri) => {
      const res = await preview(strict, strictToken, uri);
      expect(res.status).toBe(400);
      expect(res.body.data.error_params).toEqual([expect.objectContaining({ name: 'uri', error_text: 'invalid_parameter' })]);
    },
  );

  it('a URL with a user name and password answers 400', async () => {
    const res = await preview(strict, strictToken, 'http://user:secret@example.com/');
    expect(res.status).toBe(400);
  });

  it('missing uri answers 400 missing_parameter', async () => {
    const res = await get(strict, strictToken, PREVIEW);
    expect(res.status).toBe(400);
    expect(res.body.data.error_params).toEqual([expect.objectContaining({ name: 'uri', error_text: 'missing_parameter' })]);
  });

  // Every address and URL refused or allowed: the one table of shared/net/safe-fetch.test.ts.
  it.each([
    (port: number) => `http://127.0.0.1:${port}/article`,
    (port: number) => `http://localhost:${port}/article`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/article`,
    () => 'http://169.254.169.254/latest/meta-data/',
  ])('private and local addresses are refused with 400 before any connection (%#)', async (make) => {
    const before = site.requests.length;
    const res = await preview(strict, strictToken, make(site.port));
    expect(res.status).toBe(400);
    expect(res.body.data.message).toMatch(/private or local network address/);
    expect(site.requests.length).toBe(before);
  });

  it('answers 403 without the basic scope', async () => {
    const res = await preview(strict, await tokenFor(strict.db, null, ['albums']), 'https://example.com/');
    expect(res.status).toBe(403);
  });
});
