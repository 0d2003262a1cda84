import { describe, expect, it } from 'vitest';
import { plainExcerpt, sanitizeContent, sanitizeRichText } from './sanitize.ts';

describe('sanitizeContent', () => {
  it('keeps text, line breaks and simple formatting', () => {
    expect(sanitizeContent('Hello<br />world, <b>bold</b> &amp; <em>em</em>')).toBe('Hello<br />world, <b>bold</b> &amp; <em>em</em>');
  });

  it('removes scripts, styles and embedded content with what is inside them', () => {
    expect(sanitizeContent('a<script>alert(1)</script>b<style>body{}</style>c<iframe src="https://x.test"></iframe>d')).toBe('abcd');
    expect(sanitizeContent('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
  });

  it('removes event handlers and style attributes', () => {
    expect(sanitizeContent('<p onclick="alert(1)" style="color:red" onmouseover="x()">p</p>')).toBe('<p>p</p>');
    expect(sanitizeContent('<img src="x" onerror="alert(1)">')).toBe('');
  });

  it('removes javascript:, data: and protocol-relative link targets, in any case and with entities', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.test/',
    ]) {
      expect(sanitizeContent(`<a href="${href}">x</a>`)).not.toMatch(/href/);
    }
  });

  it('marks links as untrusted and opens them apart from the page', () => {
    expect(sanitizeContent('<a href="https://example.com/" rel="me" target="_self" onclick="x()">e</a>')).toBe(
      '<a href="https://example.com/" rel="nofollow noopener noreferrer" target="_blank">e</a>',
    );
  });

  it('answers an empty string for nothing', () => {
    expect(sanitizeContent('')).toBe('');
  });
});

describe('sanitizeRichText (blog bodies)', () => {
  it('keeps what the editor writes: paragraphs, headings, bold, italic, links, lists and quotes', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://example.com/">l</a></p><ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>q</p></blockquote><h3>Sub</h3>';
    expect(sanitizeRichText(html)).toBe(
      html.replace('href="https://example.com/"', 'href="https://example.com/" rel="nofollow noopener noreferrer" target="_blank"'),
    );
  });

  it("makes a body's h1 an h2 and h5/h6 an h4: the page's title is its only h1", () => {
    expect(sanitizeRichText('<h1>a</h1><h5>b</h5><h6>c</h6>')).toBe('<h2>a</h2><h4>b</h4><h4>c</h4>');
  });

  it('removes scripts, event handlers and unsafe links as for activities', () => {
    expect(
      sanitizeRichText('<p onclick="x()">a<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">b</a></p>'),
    ).toBe('<p>a<a rel="nofollow noopener noreferrer" target="_blank">b</a></p>');
  });
});

describe('plainExcerpt', () => {
  it('reads HTML as text: entities decoded, blocks apart, markup and scripts gone', () => {
    expect(
      plainExcerpt(
        '<h2>Fish &amp; chips</h2><p>Hot<br />and <b>crisp</b></p><script>alert(1)</script><ul><li>salt</li><li>vinegar</li></ul>',
      ),
    ).toBe('Fish & chips. Hot and crisp. salt. vinegar');
  });

  it('keeps what looks like markup in the text as text (React escapes it)', () => {
    expect(plainExcerpt('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<script>alert(1)</script>');
  });

  it('cuts a long text at a word, with an ellipsis', () => {
    const out = plainExcerpt(`<p>${'word '.repeat(100)}</p>`, 50);
    expect(out.length).toBeLessThanOrEqual(51);
    expect(out).toMatch(/^word( word)*…$/);
  });
});
