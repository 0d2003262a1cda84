import type { ActionResult } from '@/lib/action-result';
import { CHECK_FIELDS, failure, invalid } from '@/lib/server-action';
import { isApiError } from '@/lib/social-api/errors';
import {
  countSongPlay,
  createPlaylist,
  deletePlaylist,
  deleteSong,
  reorderPlaylist,
  updatePlaylist,
  type PlaylistSettingsInput,
} from '@/lib/social-api/music';
import { fieldErrorsOf } from '@/lib/validations/field-errors';
import {
  musicItemSchema,
  playlistEditSchema,
  playlistFieldErrors,
  playlistOrderSchema,
  playlistSettingsSchema,
  toPlaylistFieldErrors,
} from '@/lib/validations/music';

// A playlist's saves, given an access token: each input is checked with the schema the browser
// used (nothing reaches the API otherwise), and the API's field errors come back under the form's
// field names. components/music/actions.ts runs them for the signed-in person; the tests run them
// against the real API.

/** Creates an empty playlist (its songs are uploaded into it next: lib/music/uploads.ts); answers its id. */
export async function createPlaylistCommand(token: string, input: unknown): Promise<ActionResult<{ id: number }>> {
  const parsed = playlistSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: CHECK_FIELDS, fieldErrors: fieldErrorsOf(parsed.error) };
  try {
    const id = await createPlaylist(token, parsed.data satisfies PlaylistSettingsInput);
    return { ok: true, message: 'Your playlist was created.', data: { id } };
  } catch (e) {
    return failure(e, toPlaylistFieldErrors);
  }
}

export async function editPlaylistCommand(token: string, input: unknown): Promise<ActionResult<{ id: number }>> {
  const parsed = playlistEditSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = playlistFieldErrors(parsed.error);
    return 'form' in fieldErrors ? invalid() : { ok: false, message: CHECK_FIELDS, fieldErrors };
  }
  const { id, values } = parsed.data;
  try {
    await updatePlaylist(token, id, values);
    return { ok: true, message: 'Your playlist was saved.', data: { id } };
  } catch (e) {
    if (isApiError(e, 404))
      return { ok: false, message: 'This playlist is no longer there: it may have been deleted. Your text is still here.' };
    return failure(e, toPlaylistFieldErrors);
  }
}

export async function deletePlaylistCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = musicItemSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    const message = await deletePlaylist(token, parsed.data.id);
    return { ok: true, message: message || 'The playlist was deleted.', data: undefined };
  } catch (e) {
    return failure(e);
  }
}

/** Puts every song of one's playlist in a new order. */
export async function reorderSongsCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = playlistOrderSchema.safeParse(input);
  if (!parsed.success || new Set(parsed.data.songIds).size !== parsed.data.songIds.length) return invalid();
  try {
    await reorderPlaylist(token, parsed.data.id, parsed.data.songIds);
    return { ok: true, message: 'The new order was saved.', data: undefined };
  } catch (e) {
    // A song added or deleted meanwhile (from another tab): the order no longer names them all.
    if (isApiError(e, 400)) return { ok: false, message: 'The playlist changed meanwhile. Reload the page and try again.' };
    return failure(e);
  }
}

export async function deleteSongCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = musicItemSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    await deleteSong(token, parsed.data.id);
    return { ok: true, message: 'The song was deleted.', data: undefined };
  } catch (e) {
    return failure(e);
  }
}

/** Counts one play of a song (the site's player, once a song starts); answers its plays. */
export async function countPlayCommand(token: string, input: unknown): Promise<ActionResult<{ plays: number }>> {
  const parsed = musicItemSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    return { ok: true, message: '', data: { plays: await countSongPlay(token, parsed.data.id) } };
  } catch (e) {
    return failure(e);
  }
}
