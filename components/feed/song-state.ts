import { callAction } from '@/lib/action-result';
import type { SongStatus } from '@/lib/social-api/music';
import { loadSongState } from './actions';

/**
 * The state of one of the reader's songs while it converts (the compose box's Song panel, a posted
 * card's wait): undefined while the page is hidden (nobody is looking), 'gone' when it cannot be
 * read any more (deleted meanwhile, or the session ended).
 */
export async function askSongState(id: number): Promise<{ status: SongStatus; statusMessage: string } | 'gone' | undefined> {
  if (document.visibilityState !== 'visible') return undefined;
  const res = await callAction(() => loadSongState({ id }));
  return res.ok ? res.data : 'gone';
}
