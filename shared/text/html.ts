// Text put into HTML written by hand (a page no React renders: the OAuth and legacy pages, the
// embedded video player, a post's content as the spec's HTML), the same way in both processes.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe in an element's content and in a quoted attribute's value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
