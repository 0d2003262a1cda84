import { describe, expect, it } from 'vitest';
import { bodyHtml } from '../../src/domain/text.ts';

describe('bodyHtml: what a person typed as activity content', () => {
  it('escapes markup so none of it survives', () => {
    expect(bodyHtml('<script>alert(1)</script> & "x"')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;');
  });
  it('turns line breaks into <br />', () => {
    expect(bodyHtml('one\ntwo\r\nthree')).toBe('one<br />two<br />three');
  });
  it('links http(s) addresses, leaving trailing punctuation outside the link', () => {
    expect(bodyHtml('see https://example.com/a?b=1&c=2.')).toBe(
      'see <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener" target="_blank">https://example.com/a?b=1&amp;c=2</a>.',
    );
  });
  it('does not link other schemes', () => {
    expect(bodyHtml('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});
