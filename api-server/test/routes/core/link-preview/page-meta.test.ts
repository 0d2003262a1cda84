import { describe, expect, it } from 'vitest';
import { parsePageMeta } from '../../../../src/routes/core/link-preview/page-meta.ts';

const PAGE = 'https://example.com/articles/one.html';

describe('parsePageMeta', () => {
  it('reads Open Graph title, description and every og:image, resolved against the page URL', () => {
    const meta = parsePageMeta(
      `<html><head>
      <title>Fallback title</title>
      <meta property="og:title" content="  The   OG title ">
      <meta property="og:description" content="OG &amp; description">
      <meta property="og:image" content="/img/a.png">
      <meta property="og:image" content="https://cdn.example.net/b.jpg">
      <meta name="twitter:image" content="../c.gif">
      <meta property="og:image" content="javascript:alert(1)">
    </head><body><img src="/inline.png"></body></html>`,
      PAGE,
    );
    expect(meta).toEqual({
      title: 'The OG title',
      description: 'OG & description',
      images: ['https://example.com/img/a.png', 'https://cdn.example.net/b.jpg', 'https://example.com/c.gif'],
    });
  });

  it('falls back to Twitter card tags', () => {
    const meta = parsePageMeta(
      `<meta name="twitter:title" content="Tweet title"><meta name="twitter:description" content="Tweet text">
      <meta name="twitter:image:src" content="pic.webp"><title>Other</title>`,
      PAGE,
    );
    expect(meta).toEqual({ title: 'Tweet title', description: 'Tweet text', images: ['https://example.com/articles/pic.webp'] });
  });

  it('falls back to <title>, meta description and the inline images, honouring <base href>', () => {
    const meta = parsePageMeta(
      `<!doctype html><HTML><HEAD><base href="https://static.example.org/x/">
      <TITLE>Plain &lt;page&gt;</TITLE><META NAME="Description" CONTENT="About it"></HEAD>
      <body><img src="one.png"><img src="data:image/png;base64,AAAA"><img src="/two.png"><img src="one.png"></body></HTML>`,
      PAGE,
    );
    expect(meta).toEqual({
      title: 'Plain <page>',
      description: 'About it',
      images: ['https://static.example.org/x/one.png', 'https://static.example.org/two.png'],
    });
  });

  it('answers empty fields for a page without any of them', () => {
    expect(parsePageMeta('just text, no markup', PAGE)).toEqual({ title: '', description: '', images: [] });
  });

  it('keeps the first <title> only and cuts very long texts', () => {
    const meta = parsePageMeta(
      `<title>First</title><svg><title>icon</title></svg><meta name="description" content="${'word '.repeat(400)}">`,
      PAGE,
    );
    expect(meta.title).toBe('First');
    expect(meta.description.length).toBeLessThanOrEqual(1000);
    expect(meta.description.endsWith('…')).toBe(true);
  });
});
