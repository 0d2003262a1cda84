import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The photos a member uploads while writing a blog, an event or a forum post (`POST
 * /albums/compose_upload` type blog, event or forum) are their own alone in those special albums,
 * as a message's photos are: such a picture is shown by its address in what it was written for,
 * whoever that is for, and the album put it before everyone at once, a draft's and a private
 * blog's pictures too. Special albums cannot be edited, so every such album made before was open
 * to everyone by default, not by its owner's choice: each is made its owner's now.
 */
export const m038: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update albums set auth_view = 'owner', auth_comment = 'owner', allow_search = 0
      where kind in ('blog', 'event', 'forum')`.execute(db);
  },
};
