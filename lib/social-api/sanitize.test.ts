import { describe, expect, it } from 'vitest';
import { sanitizeContent } from './sanitize.ts';

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
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java&#x09;script:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.test/']) {
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
