import { describe, expect, it } from 'vitest';
import { cleanRichText } from '../../src/domain/rich-text.ts';

describe('cleanRichText (bodies of blogs and listings)', () => {
  it.each([
    [
      'keeps simple formatting',
      '<p>Hi <b>bold</b> <em>em</em></p><ul><li>one</li></ul>',
      '<p>Hi <b>bold</b> <em>em</em></p><ul><li>one</li></ul>',
    ],
    ['turns the line breaks of plain text into <br />', 'one\ntwo\r\nthree', 'one<br />two<br />three'],
    ['keeps line breaks as they are in laid-out HTML', '<p>one</p>\n<p>two</p>', '<p>one</p>\n<p>two</p>'],
    [
      'escapes lone < > and &, and reads entities as the characters they name',
      'a < b && c > d &amp; &#169; &eacute;',
      'a &lt; b &amp;&amp; c &gt; d &amp; © é',
    ],
    ['drops scripts and styles with their content', 'a<script>alert(1)</script>b<style>p{}</style>c', 'abc'],
    ['drops tags that are not allowed, keeping their text', '<div class="x"><img src=x onerror=alert(1)>text</div>', 'text'],
    ['drops every attribute', '<p style="color:red" onclick="x()">hi</p>', '<p>hi</p>'],
    [
      'keeps http(s) links, marked nofollow',
      '<a href="https://example.com/a?b=1&amp;c=2" title="t">x</a>',
      '<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener" target="_blank">x</a>',
    ],
    [
      'drops javascript: links, even disguised',
      '<a href="jav&#x61;script:alert(1)">x</a><a href=" javascript:1">y</a><a href="data:text/html,x">z</a>',
      '<a>x</a><a>y</a><a>z</a>',
    ],
    ['closes what is left open', '<b><i>x</b>y<em>z', '<b><i>x</i></b>y<em>z</em>'],
    ['drops comments', 'a<!-- secret -->b', 'ab'],
    ['never lets a split script tag through', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ])('%s', (_name, input, output) => {
    expect(cleanRichText(input)).toBe(output);
  });

  it('is stable: cleaning its own output changes nothing', () => {
    for (const input of ['a\nb <b>c</b>', 'x < y & z', '<a href="http://e.com/?q=<x>">l</a>', '<p>p</p>\n\nq', '  padded  ']) {
      const once = cleanRichText(input);
      expect(cleanRichText(once)).toBe(once);
    }
  });
});
