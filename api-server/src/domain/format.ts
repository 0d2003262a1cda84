const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * Text of stored HTML (share cards, the search index): tags dropped — those that break a line or
 * a block leave a space, so that the words of two paragraphs stay two words —, common entities
 * decoded, whitespace folded, cut at `max`.
 */
export function plainText(html: string, max = 300): string {
  const text = html
    .replace(/<\/?(?:br|p|div|li|ul|ol|h[1-6]|blockquote|pre|hr|tr|td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, e: string) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC, the spec's date format. */
export function formatDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Plain text cut to at most `max` characters (code points) for a one-line summary: on a word
 * boundary with an ellipsis when it is longer (inside a word only when one word fills the line).
 */
export function excerpt(text: string, max = 100): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max - 1);
  const boundary = /\s/.test(chars[max - 1]!) ? head.length : head.findLastIndex((c) => /\s/.test(c));
  const kept = boundary > max / 2 ? head.slice(0, boundary) : head;
  return `${kept.join('').replace(/[\s,;:.!?…-]+$/u, '')}…`;
}
