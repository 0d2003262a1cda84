import type { Message } from '../social-api/messages.ts';

/**
 * The messages a conversation shows after more arrive (the poll, a send, "Load older", the page
 * read again): each once, by id, oldest first. Answers `shown` itself when nothing is new, so
 * that nothing renders again. Ids grow with time in a conversation (the API pages by them).
 */
export function mergeMessages(shown: readonly Message[], arrived: readonly Message[]): readonly Message[] {
  if (arrived.length === 0) return shown;
  const have = new Set(shown.map((m) => m.id));
  const fresh = arrived.filter((m) => !have.has(m.id) && (have.add(m.id), true));
  if (fresh.length === 0) return shown;
  return [...shown, ...fresh].sort((a, b) => a.id - b.id);
}
