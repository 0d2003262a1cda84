import { list } from '../envelope.ts';
import { pageOf, targetUserId, type LegacyMethod } from './context.ts';
import { listSongsOf } from '../../data/songs.ts';

/**
 * musicsharing.getSongs: the user's songs, newest first. Songs belong to no album on this site:
 * album_url is the page of their owner's profile, where the songs are listed.
 */
export const getSongs: LegacyMethod = {
  summary: "`user_id` (optional). A user's songs: `{path_file, album_url, listen}`.",
  async run(ctx) {
    const owner = await targetUserId(ctx);
    const { page, offset, limit } = pageOf(ctx);
    const { total, rows } = await listSongsOf(ctx.db, { ownerId: owner, limit, offset });
    const { publicUrl, webOrigin } = ctx.config;
    return list(
      rows.map((s) => ({ path_file: `${publicUrl}/files/${s.file_key}`, album_url: `${webOrigin}/users/${owner}`, listen: s.play_count })),
      total,
      page,
    );
  },
};
