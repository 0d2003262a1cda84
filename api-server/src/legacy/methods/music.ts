import { list } from '../envelope.ts';
import { countOf, pageOf, targetUserId, type LegacyMethod } from './context.ts';

/**
 * musicsharing.getSongs: the user's songs, newest first. Songs belong to no album on this site:
 * album_url is the page of their owner's profile, where the songs are listed.
 */
export const getSongs: LegacyMethod = {
  summary: "`user_id` (optional). A user's songs: `{path_file, album_url, listen}`.",
  async run(ctx) {
    const owner = await targetUserId(ctx);
    const { page, offset, limit } = pageOf(ctx);
    const base = ctx.db.selectFrom('songs').where('owner_id', '=', owner);
    const total = await countOf(base.select((eb) => eb.fn.countAll<number>().as('n')));
    const rows = await base.select(['file_key', 'play_count']).orderBy('id', 'desc').limit(limit).offset(offset).execute();
    const { publicUrl, webOrigin } = ctx.config;
    return list(
      rows.map((s) => ({ path_file: `${publicUrl}/files/${s.file_key}`, album_url: `${webOrigin}/users/${owner}`, listen: s.play_count })),
      total,
      page,
    );
  },
};
