import sanitizeHtml from 'sanitize-html';

/**
 * Bodies of blogs and listings are HTML limited to simple formatting. Clients write them as
 * text that may hold simple markup; the server keeps the allowed tags (no attributes but the
 * href of http(s)/mailto links) and escapes everything else, so every reader gets the same
 * harmless HTML. Text without layout markup keeps its line breaks as <br />. The result is
 * stable: cleaning it again changes nothing, so a body read back, edited and sent again does
 * not pile up escapes. The cleaning itself is sanitize-html's (htmlparser2 underneath).
 */
const ALLOWED_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'ins',
  'sub',
  'sup',
  'code',
  'p',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'pre',
  'br',
  'hr',
];
/** Markup that shows the text is laid out as HTML, so its bare line breaks are not meant. */
const HAS_LAYOUT = /<\/?(p|br|div|ul|ol|li|blockquote|h[1-6]|pre|hr|table)\b/i;

const clean: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  selfClosing: ['br', 'hr'],
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'select',
  ],
};

// Links are marked in a second pass, once the first has dropped every unsafe href: a
// transform in the first pass would run before that check and mark links that lose their href.
const markLinks: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  selfClosing: ['br', 'hr'],
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: attribs.href ? { href: attribs.href, rel: 'nofollow noopener', target: '_blank' } : {},
    }),
  },
};

export function cleanRichText(input: string): string {
  let text = input.replace(/\r\n?/g, '\n').trim();
  if (!HAS_LAYOUT.test(text)) text = text.replace(/\n/g, '<br />');
  return sanitizeHtml(sanitizeHtml(text, clean), markLinks).trim();
}

/** What typed keywords look like inside a cleaned body (its text has &, < and > escaped), for LIKE searches. */
export function richTextSearchTerm(keywords: string): string {
  return keywords.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
