import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Privacy } from '../db/types.ts';
import { canSeePost, groupOf, groupWallRights, type PostPlace } from './post-privacy.ts';
import { allows, type Viewer } from './privacy.ts';
import { groupVisibleTo, postVisibleTo, visibleTo } from './visibility.ts';

// Who may see a photo: the one rule of every road a photo is read by (its detail and files'
// addresses, an album's photos, count and picture, the viewer's previous and next, likes,
// comments, tags, reports, shares, cards and preview images, search, the legacy API).
//
// - Its album's rule (auth_view, set by the album's owner, who owns its photos); an upload not
//   yet in an album is its owner's alone.
// - And a photo posted with a post — the compose box's upload, which goes into its member's
//   "Wall Photos" (an album of kind 'wall'), or "Group Photos" (kind 'group', the compose box of a
//   group's wall) — is seen only where a post showing it is seen: by
//   that post's rule and by the owner of the wall it is on (on a group's wall, by who may see the group:
//   domain/post-privacy.ts). One that no post shows (its post
//   deleted, or never sent) is its owner's alone: deleting a friends-only post never publishes
//   its photo. Wall Photos itself is for everyone and cannot be edited, so the post is the rule
//   in practice; the album's still holds when it is the narrower one.
//
// - And a photo of a group's album (kind 'group_album', migration 019: GET /groups/photos) is seen
//   only by who may see the group (domain/post-privacy.ts), the album's own rule (everyone) aside.
//
// Shares (is_share = 1) pass a photo on and never widen who sees it. A photo of any other album
// is its album's: attached to a post, it is shown as the album shows it. Both forms below — the
// one for a loaded photo, the SQL one for lists and counts — say the same.

/** The kinds of album whose photos are seen through the posts that show them. */
const POSTED_KINDS: readonly string[] = ['wall', 'group'];
const POSTED_KINDS_SQL = sql.join(POSTED_KINDS.map((k) => sql.lit(k)));

/** What decides who sees one photo (photoRule). */
export interface PhotoRule {
  /** Its album's owner and rule; for an upload in no album, its owner and 'owner'. */
  ownerId: number;
  view: Privacy;
  /** The posts that show it, when they decide too (a Wall Photos photo); undefined when the album alone decides. */
  posts?: readonly PostPlace[];
  /** The group whose album it is in: who may see the group alone sees it. */
  groupId?: number;
}

/** A photo as the rule needs it: its id and owner, and its album's owner, rule, kind and group (all null for an upload in no album). */
export interface PhotoPlace {
  id: number;
  owner_id: number;
  album_owner_id: number | null;
  album_view: Privacy | null;
  album_kind: string | null;
  album_group_id: number | null;
}

/** The rules of photos, by id, in one query for the posts of all of them (none when no photo is posted). */
export async function photoRules(db: DB, photos: readonly PhotoPlace[]): Promise<Map<number, PhotoRule>> {
  const posted = photos.filter((p) => POSTED_KINDS.includes(p.album_kind ?? '')).map((p) => p.id);
  const posts = new Map<number, PostPlace[]>(posted.map((id) => [id, []]));
  if (posted.length) {
    const rows = await db
      .selectFrom('activities')
      .select(['attachment_id', 'owner_id', 'auth_view', 'subject_type', 'subject_id'])
      .where('attachment_type', '=', 'photo')
      .where('attachment_id', 'in', posted)
      .where('is_share', '=', 0)
      .execute();
    for (const { attachment_id: photoId, ...post } of rows) posts.get(photoId!)!.push(post);
  }
  return new Map(
    photos.map((p) => [
      p.id,
      p.album_view === null
        ? { ownerId: p.owner_id, view: 'owner' }
        : {
            ownerId: p.album_owner_id!,
            view: p.album_view,
            ...(posts.has(p.id) ? { posts: posts.get(p.id)! } : {}),
            ...(p.album_group_id !== null ? { groupId: p.album_group_id } : {}),
          },
    ]),
  );
}

/** Whether the viewer may see the photo (photoVisibleTo is the same in SQL). */
export async function canSeePhoto(viewer: Viewer, rule: PhotoRule): Promise<boolean> {
  if (!(await allows(viewer, rule.view, rule.ownerId))) return false;
  if (rule.groupId !== undefined && !(await groupWallRights(viewer, rule.groupId)).see) return false;
  if (!rule.posts || viewer.userId === rule.ownerId) return true;
  for (const p of rule.posts) if (await canSeePost(viewer, p)) return true;
  return false;
}

/** From the widest rule to the narrowest (each lets in fewer than the one before). */
const NARROWING: readonly Privacy[] = ['everyone', 'registered', 'owner_member', 'owner'];

/**
 * The rule under which everyone signed in may see the photo ('everyone' or 'registered'): what a
 * share of it gets (POST /activities/share passes on only what everyone signed in may see);
 * null when some of them may not.
 */
export function photoShareView(rule: PhotoRule): Privacy | null {
  // A group's photo stays in the group: who sees it is the group's to say, and it may change.
  if (rule.groupId !== undefined) return null;
  const rank = (v: Privacy) => NARROWING.indexOf(v);
  let narrowest = rank(rule.view);
  // Seen through its posts: as widely as the widest of them (no post: its owner alone); a post on
  // a group's wall widens nothing (the group decides who sees it).
  if (rule.posts) {
    const widest = Math.min(rank('owner'), ...rule.posts.map((p) => rank(groupOf(p) === null ? p.auth_view : 'owner')));
    narrowest = Math.max(narrowest, widest);
  }
  const view = NARROWING[narrowest]!;
  return view === 'everyone' || view === 'registered' ? view : null;
}

/**
 * The part of the rule beyond the album's own, in SQL, for photos (alias `photo`) of an album
 * (alias `album`) whose own rule lets the reader in (an album being read, or one the query checks
 * itself): a Wall Photos photo is seen by its owner and where a post showing it is; a group's
 * album's by who may see the group. `userId` null: a client-credentials token, or a card that
 * everyone who sees the album may be shown.
 */
export function postedPhotoVisibleTo(photo: string, album: string, userId: number | null): RawBuilder<SqlBool> {
  return sql<SqlBool>`((${sql.ref(`${album}.kind`)} not in (${POSTED_KINDS_SQL}) or ${postedSeen(photo, userId)}) and ${inSeenGroup(album, userId)})`;
}

/** A posted photo's part of the rule: its owner, or a post showing it that the reader may see. */
function postedSeen(photo: string, userId: number | null): RawBuilder<SqlBool> {
  const shown = sql<SqlBool>`exists (select 1 from activities showing where showing.attachment_type = 'photo'
    and showing.attachment_id = ${sql.ref(`${photo}.id`)} and showing.is_share = 0 and ${postVisibleTo('showing', userId)})`;
  const mine = userId === null ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${sql.ref(`${photo}.owner_id`)} = ${userId}`;
  return sql<SqlBool>`(${mine} or ${shown})`;
}

/** A group's album's part: who may see the group (true for an album of no group). */
function inSeenGroup(album: string, userId: number | null): RawBuilder<SqlBool> {
  const group = sql.ref(`${album}.group_id`);
  return sql<SqlBool>`(${group} is null or exists (select 1 from groups ga where ga.id = ${group} and ${groupVisibleTo('ga', userId)}))`;
}

/**
 * How many of an album's photos (alias `album`, one whose own rule lets the reader in) the reader
 * may see, in SQL: postedPhotoVisibleTo's count, its album-wide parts decided once for the album
 * rather than for each photo, so that an album of any kind but the posted ones is counted on its
 * index alone (its 1,900 photos each tested against the rule were most of an album page's read at
 * a million: docs/performance.md).
 */
export function seenPhotoCount(album: string, userId: number | null): RawBuilder<number> {
  const id = sql.ref(`${album}.id`);
  return sql<number>`(case
    when not ${inSeenGroup(album, userId)} then 0
    when ${sql.ref(`${album}.kind`)} not in (${POSTED_KINDS_SQL}) then (select count(*) from photos n where n.album_id = ${id})
    else (select count(*) from photos n where n.album_id = ${id} and ${postedSeen('n', userId)}) end)`;
}

/** The whole rule in SQL (canSeePhoto), for photos (alias `photo`) inner-joined to their album (alias `album`). */
export function photoVisibleTo(photo: string, album: string, userId: number | null): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${visibleTo(album, userId)} and ${postedPhotoVisibleTo(photo, album, userId)})`;
}
