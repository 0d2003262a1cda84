'use server';

import { withSession, type ActionResult } from '@/lib/server-action';
import type { AlbumUploadSaveInput } from '@/lib/validations/album';
import { saveAlbumUploadCommand } from '@/lib/albums/upload-commands';

// The "Add photos" page's save, for the signed-in person. A public POST endpoint: the command
// validates everything it is given. (The files themselves never pass through a server action:
// each one streams through /api/upload/photos.)

export async function saveAlbumUpload(input: AlbumUploadSaveInput): Promise<ActionResult<{ albumId: number }>> {
  return withSession((s) => saveAlbumUploadCommand(s.accessToken, input));
}
