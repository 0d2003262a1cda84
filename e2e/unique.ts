/**
 * `words` made unique to this run and this moment (the time and four random characters), so that a
 * journey finds its own post, listing or message among those of the other worker and of earlier
 * runs against the same data. A locator must use the whole of it: its start is the same for them all.
 */
export const unique = (words: string): string => `${words} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
