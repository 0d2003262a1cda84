'use server';

import {
  countPlayCommand,
  createPlaylistCommand,
  deletePlaylistCommand,
  deleteSongCommand,
  editPlaylistCommand,
  reorderSongsCommand,
} from '@/lib/music/commands';
import { withSession, type ActionResult } from '@/lib/server-action';
import type { MusicItemInput, PlaylistEditInput, PlaylistOrderInput, PlaylistSettingsValues } from '@/lib/validations/music';

// A playlist's saves for the signed-in person (lib/music/commands.ts does the work). Each is a
// public POST endpoint: the commands validate everything they are given. A song's upload goes
// through its route instead (app/api/upload/song), which streams the file.

export async function createPlaylistAction(input: PlaylistSettingsValues): Promise<ActionResult<{ id: number }>> {
  return withSession((s) => createPlaylistCommand(s.accessToken, input));
}

export async function editPlaylistAction(input: PlaylistEditInput): Promise<ActionResult<{ id: number }>> {
  return withSession((s) => editPlaylistCommand(s.accessToken, input));
}

export async function deletePlaylistAction(input: MusicItemInput): Promise<ActionResult> {
  return withSession((s) => deletePlaylistCommand(s.accessToken, input));
}

export async function reorderSongsAction(input: PlaylistOrderInput): Promise<ActionResult> {
  return withSession((s) => reorderSongsCommand(s.accessToken, input));
}

export async function deleteSongAction(input: MusicItemInput): Promise<ActionResult> {
  return withSession((s) => deleteSongCommand(s.accessToken, input));
}

export async function countPlayAction(input: MusicItemInput): Promise<ActionResult<{ plays: number }>> {
  return withSession((s) => countPlayCommand(s.accessToken, input));
}
