import { escapeHtml } from '#shared/text/html.ts';

const URL_RE = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/**
 * What a person typed, as the HTML the spec's `content` carries: escaped (so no markup of
 * theirs survives), line breaks as <br />, and http(s) addresses as links.
 */
export function bodyHtml(body: string): string {
  return body
    .split(/\r?\n/)
    .map((line) => {
      let out = '';
      let last = 0;
      for (const m of line.matchAll(URL_RE)) {
        out += escapeHtml(line.slice(last, m.index));
        const url = escapeHtml(m[0]);
        out += `<a href="${url}" rel="nofollow noopener" target="_blank">${url}</a>`;
        last = m.index! + m[0].length;
      }
      return out + escapeHtml(line.slice(last));
    })
    .join('<br />');
}
