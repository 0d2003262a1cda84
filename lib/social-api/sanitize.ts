import sanitizeHtml from 'sanitize-html';

// The API's activity `content` is HTML. Our api-server escapes what people type, but the
// client must hold against any server that follows the spec (README "Content": clients still
// sanitize what they render), so the HTML is cleaned here, on the server, before any of it
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

// Every render of a feed cleans the same few dozen texts again: the result depends on the
// text alone (no reader, no session), so it is kept for the next render. Bounded, oldest out.
const CACHE_MAX = 2000;
const cleaned = new Map<string, string>();

/** Activity HTML from the API, safe to render with dangerouslySetInnerHTML. */
export function sanitizeContent(html: string): string {
  if (!html) return '';
  const hit = cleaned.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  if (html.length <= 20_000) {
    cleaned.set(html, clean);
    if (cleaned.size > CACHE_MAX) cleaned.delete(cleaned.keys().next().value!);
  }
  return clean;
}
