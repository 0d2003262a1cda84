import { describe, expect, it } from 'vitest';
import { excerpt, plainText } from '../../src/domain/format.ts';

describe('excerpt: a one-line summary of plain text', () => {
  it('keeps text that fits as it is (trimmed)', () => {
    expect(excerpt('  Morning run done.  ')).toBe('Morning run done.');
    expect(excerpt('')).toBe('');
  });
  it('cuts longer text on a word, without trailing punctuation, with an ellipsis, at most max characters', () => {
    const text = 'Three days of hiking with zero phone signal made this the best week of the year by a long way, truly. And more.';
    expect(excerpt(text)).toBe('Three days of hiking with zero phone signal made this the best week of the year by a long way…');
    expect(excerpt('one two three four', 10)).toBe('one two…');
  });
  it('cuts inside a word only when one word fills the line', () => {
    expect(excerpt('a'.repeat(150))).toBe(`${'a'.repeat(99)}…`);
  });
  it('counts characters, never splitting an emoji', () => {
    const out = excerpt('😀'.repeat(120));
    expect([...out]).toHaveLength(100);
    expect(out).toBe(`${'😀'.repeat(99)}…`);
  });
});

describe('plainText: the text of stored HTML', () => {
  it('keeps the words of two paragraphs, list items or lines apart, and joins inline markup', () => {
    expect(plainText('<p>Lyon</p><p>Paris</p><ul><li>one</li><li>two</li></ul>three<br />four')).toBe('Lyon Paris one two three four');
    expect(plainText('<p><strong>Bold</strong>er and <a href="https://x.test/">a link</a> &amp; more</p>')).toBe(
      'Bolder and a link & more',
    );
  });
});
