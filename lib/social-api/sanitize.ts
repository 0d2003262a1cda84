import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

// The API's activity `content` is HTML. Our api-server escapes what people type, but the
// client must hold against any server that follows the spec (docs/api.md, "Conventions": Content:
// clients still sanitize what they render), so the HTML is cleaned here, on the server, before any of it
// reaches a page: an allow-list of simple formatting, no scripts, no styles, no event
// handlers, links only to http(s) and mailto, and every link marked as untrusted.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'br', 'p', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'span'],
  // rel and target are set by transformTags below (whatever the API sent is replaced).
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Drop the element and what is inside it (not only the tags) for these.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        // nofollow: the site does not vouch for what members link to; noopener/noreferrer:
        // the opened page gets no handle on this one and no Referer with the feed's address.
        rel: 'nofollow noopener noreferrer',
        target: '_blank',
      },
    }),
  },
};

/**
 * Bodies of blogs (and listings): the same, plus the headings and the few other blocks the API
 * keeps in them (docs/api.md, "Conventions": Content). The page's own title is the <h1>: a body's
 * h1 becomes an h2 and h5/h6 an h4, so that the outline stays the page's.
 */
const RICH_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags as string[]), 'h2', 'h3', 'h4', 'hr', 'del', 'ins', 'sub', 'sup'],
  transformTags: {
    ...OPTIONS.transformTags,
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
  },
};

// Every render of a feed cleans the same few dozen texts again: the result depends on the
// text alone (no reader, no session), so it is kept for the next render. Bounded, oldest out.
const CACHE_MAX = 2000;

function cleaner(options: sanitizeHtml.IOptions): (html: string) => string {
  const cleaned = new Map<string, string>();
  return (html) => {
    if (!html) return '';
    const hit = cleaned.get(html);
    if (hit !== undefined) return hit;
    const clean = sanitizeHtml(html, options).trim();
    if (html.length <= 20_000) {
      cleaned.set(html, clean);
      if (cleaned.size > CACHE_MAX) cleaned.delete(cleaned.keys().next().value!);
    }
    return clean;
  };
}

/** Activity HTML from the API, safe to render with dangerouslySetInnerHTML. */
export const sanitizeContent = cleaner(OPTIONS);

/** A blog's (or listing's) body from the API, safe to render with dangerouslySetInnerHTML. */
export const sanitizeRichText = cleaner(RICH_OPTIONS);

const BLOCKS = new Set(['p', 'br', 'li', 'ul', 'ol', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'hr', 'div', 'tr']);
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math', 'textarea']);

/**
 * The text of some HTML, as a reader would read it (entities decoded, blocks apart, no markup),
 * cut to about `max` characters at a word with an ellipsis: an excerpt for a list. Plain text,
 * for React to escape, never for innerHTML.
 */
export function plainExcerpt(html: string, max = 220): string {
  let text = '';
  let skipping = 0;
  // Where a block (a list item, a heading) ends without a stop and more text follows, the
  // excerpt puts one: "Highlights: Breakfast. The view", not "Breakfast The view".
  let stop = false;
  const endBlock = () => {
    text = `${text.trimEnd()} `;
    stop = /[^.!?:;,…\s]\s*$/.test(text);
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping += 1;
        else if (BLOCKS.has(name)) text += ' ';
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (name === 'br' || name === 'ul' || name === 'ol') text += ' ';
        else if (BLOCKS.has(name)) endBlock();
      },
      ontext(data) {
        if (skipping) return;
        if (stop && data.trim()) {
          text = `${text.trimEnd()}. `;
          stop = false;
        }
        text += data;
      },
    },
    { decodeEntities: true },
  );
  // Enough of a long body for the excerpt: the rest is never shown.
  parser.end(html.slice(0, max * 20));
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max + 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut.slice(0, max)).replace(/[\s.,;:!?-]+$/, '')}…`;
}
