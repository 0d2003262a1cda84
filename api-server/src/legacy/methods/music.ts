import { list } from '../envelope.ts';
import { pageOf, targetUserId, type LegacyMethod } from './context.ts';
import { listSongsOf } from '../../data/songs.ts';

/**
 * musicsharing.getSongs: the user's songs the token's member may see (domain/songs.ts: by their
 * playlists' privacy), newest first. album_url is the page of their owner's profile, where the
 * songs are listed. A song stored before the music module (migration 020) keeps its public file
 * under /files/; a converted upload is played from the API (GET /music/songs/{id}/file).
 */
export const getSongs: LegacyMethod = {
  summary: "`user_id` (optional). A user's songs: `{path_file, album_url, listen}`.",
  async run(ctx) {
    const owner = await targetUserId(ctx);
    const { page, offset, limit } = pageOf(ctx);
    const { total, rows } = await listSongsOf(ctx.db, { ownerId: owner, readerId: ctx.session.userId, limit, offset });
    const { publicUrl, webOrigin } = ctx.config;
    return list(
      rows.map((s) => ({
        path_file: s.in_media ? `${publicUrl}/api/v1/music/songs/${s.id}/file` : `${publicUrl}/files/${s.file_key}`,
        album_url: `${webOrigin}/users/${owner}`,
        listen: s.play_count,
      })),
      total,
      page,
    );
  },
};
