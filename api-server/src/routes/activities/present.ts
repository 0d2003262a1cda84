import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { getCommentStats, presentComments, type CommentView } from '../../domain/comments.ts';
import { canView, isItemType, loadItems, type AttachmentCard } from '../../domain/items.ts';
import { groupOf, groupWallRights, otherWallOf } from '../../domain/post-privacy.ts';
import { listGroupCards } from '../../data/groups.ts';
import { imageUrl, type Size } from '../../storage/images.ts';
import { getLikeStats } from '../../domain/likes.ts';
import { getOwnerSummaries, missingOwner, type OwnerSummary } from '../../domain/owners.ts';
import type { Viewer } from '../../domain/privacy.ts';
import type { ActivityRow } from '../../data/activities.ts';
import { listSongsByIds } from '../../data/songs.ts';
import { videoCards } from '../videos/present.ts';
import { canSeeSong, songSrc } from '../../domain/songs.ts';

export const ACTIVITY_FIELDS = [
  'id',
  'owner',
  'content',
  'attachments',
  'timestamp',
  'is_liked',
  'can_like',
  'total_like',
  'user_liked',
  'can_comment',
  'total_comment',
  'comments',
  'can_delete',
  'can_share',
] as const;
/**
 * Beyond the spec, only when asked for by name (docs/api.md, "Extensions": Writing on a friend's
 * wall; "Groups": the wall): `subject`, the owner summary of the member whose wall the activity was
 * written on when that is not its owner's own (null on one's own wall), or the group's summary
 * (type 'group') for a post on a group's wall, so that a client shows "Bob → Alice" or "Bob →
 * Hiking club".
 */
export const ACTIVITY_ALLOWED = [...ACTIVITY_FIELDS, 'subject'] as const;
export type ActivityField = (typeof ACTIVITY_ALLOWED)[number];

/**
 * A song's card (extension, docs/api.md, "Music"): its length in seconds (null while not known),
 * the address it is played from (GET /music/songs/{id}/file) and its conversion's state (its owner
 * alone sees one not converted, and learns from it that it failed).
 */
interface SongCard extends AttachmentCard {
  duration: number | null;
  src: string;
  status: string;
}

const USER_LIKED_MAX = 10;
const COMMENTS_SHOWN = 3;

/** Who may delete an activity: its owner, the owner of the member's wall it was posted on, and a group's officers on its wall. */
export async function canDeleteActivity(viewer: Viewer, row: ActivityRow): Promise<boolean> {
  const me = viewer.userId;
  if (me === null) return false;
  if (me === row.owner_id || (row.subject_type === 'user' && me === row.subject_id)) return true;
  const group = groupOf(row);
  return group !== null && (await groupWallRights(viewer, group)).moderate;
}

/** Only what may be seen by anyone signed in can be passed on (never a post on a group's wall: items.ts shareView). */
function canShareActivity(viewer: Viewer, row: ActivityRow): boolean {
  return viewer.userId !== null && groupOf(row) === null && (row.auth_view === 'everyone' || row.auth_view === 'registered');
}

/** A group as the `subject` of a post on its wall: the owner summary's shape, of type 'group'. */
function groupSubject(config: Config, g: { id: number; title: string; image_key: string | null }) {
  const img = (size: Size) => (g.image_key ? imageUrl(config.publicUrl, g.image_key, size) : '');
  return {
    id: g.id,
    type: 'group',
    title: g.title,
    imgs: { icon: img('50sq'), normal: img('120'), profile: img('240'), original: img('original') },
  };
}

/**
 * The attachments of a page of activities as the reader may see them (a query per attached
 * type). An attached item that was deleted or is hidden from the reader is left out; the
 * activity itself still shows.
 */
async function attachmentsOf(db: DB, config: Config, viewer: Viewer, rows: readonly ActivityRow[]): Promise<AttachmentCard[][]> {
  const idsByType = new Map<string, number[]>();
  for (const r of rows) {
    if (r.attachment_type === null || r.attachment_id === null) continue;
    idsByType.set(r.attachment_type, [...(idsByType.get(r.attachment_type) ?? []), r.attachment_id]);
  }
  const cards = new Map<string, AttachmentCard>(); // by `${type}:${id}`
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      if (type === 'video') {
        // A video's card says what a player needs, and shows one still converting as such.
        for (const [id, card] of await videoCards(db, config, ids, { viewer })) cards.set(`video:${id}`, card);
      } else if (type === 'music') {
        const songs = await listSongsByIds(db, ids);
        for (const song of songs) {
          // A song the reader may not see (its playlist's privacy, or not converted yet) is left out.
          if (!(await canSeeSong(viewer, song))) continue;
          const src = songSrc(config, song);
          const card: SongCard = {
            id: song.id,
            type: 'music',
            title: song.title,
            description: '',
            img: '',
            // A song stored before migration 020 keeps its public file; the others are played through the API.
            href: song.in_media ? src : `${config.publicUrl}/files/${song.file_key}`,
            duration: song.duration,
            src,
            status: song.status,
          };
          cards.set(`music:${song.id}`, card);
        }
      } else if (isItemType(type)) {
        for (const item of (await loadItems(db, config, type, ids)).values()) {
          if (!(await canView(viewer, item))) continue;
          cards.set(`${type}:${item.id}`, {
            id: item.id,
            type: item.type,
            title: item.title,
            description: item.description,
            img: item.img,
            href: item.href,
            ...item.imgSize,
          });
        }
      }
    }),
  );
  return rows.map((r) => {
    if (r.attachment_type === 'link') {
      if (!r.link_uri) return [];
      return [
        {
          id: 0,
          type: 'link',
          title: r.link_title || r.link_uri,
          description: r.link_description ?? '',
          img: r.link_thumb ?? '',
          href: r.link_uri,
        },
      ];
    }
    const card = cards.get(`${r.attachment_type}:${r.attachment_id}`);
    return card ? [card] : [];
  });
}

/**
 * Activities (already known to be visible to the reader) as the spec's Activity, with only
 * the fields asked for; the queries behind a field run only when it is asked for.
 */
export async function presentActivities(
  db: DB,
  config: Config,
  viewer: Viewer,
  rows: readonly ActivityRow[],
  fields: readonly ActivityField[],
): Promise<Array<Partial<Record<ActivityField, unknown>>>> {
  if (rows.length === 0) return [];
  const want = new Set(fields);
  const ids = rows.map((r) => r.id);
  const needLikes = want.has('is_liked') || want.has('total_like') || want.has('user_liked');
  const needComments = want.has('total_comment') || want.has('comments');

  const [likes, comments, attachments] = await Promise.all([
    needLikes ? getLikeStats(db, 'activity', ids, viewer.userId, want.has('user_liked') ? USER_LIKED_MAX : 0) : undefined,
    needComments ? getCommentStats(db, 'activity', ids, want.has('comments') ? COMMENTS_SHOWN : 0) : undefined,
    want.has('attachments') ? attachmentsOf(db, config, viewer, rows) : undefined,
  ]);

  const userIds = new Set<number>();
  if (want.has('owner')) for (const r of rows) userIds.add(r.owner_id);
  if (want.has('subject')) for (const r of rows) if (otherWallOf(r) !== null) userIds.add(r.subject_id);
  if (likes && want.has('user_liked')) for (const l of likes.values()) for (const u of l.recent) userIds.add(u);
  const owners = await getOwnerSummaries(db, config, userIds);
  const summary = (id: number): OwnerSummary => owners.get(id) ?? missingOwner(config, id);
  const groupIds = [...new Set(rows.flatMap((r) => groupOf(r) ?? []))];
  const groups = new Map(
    want.has('subject') && groupIds.length ? (await listGroupCards(db, groupIds)).map((g) => [g.id, groupSubject(config, g)]) : [],
  );
  // On a group's wall, commenting is for who may post there, deleting also for its officers.
  const rights = await Promise.all(
    rows.map(async (r) => {
      const group = groupOf(r);
      return {
        comment: want.has('can_comment') && viewer.userId !== null && (group === null || (await groupWallRights(viewer, group)).post),
        delete: want.has('can_delete') && (await canDeleteActivity(viewer, r)),
      };
    }),
  );

  const commentViews = new Map<number, CommentView>();
  if (comments && want.has('comments')) {
    const ownerOf = new Map(rows.map((r) => [r.id, r.owner_id]));
    const all = [...comments.values()].flatMap((c) => c.latest);
    const views = await presentComments(db, config, viewer, (c) => ownerOf.get(c.item_id)!, all);
    for (const v of views) commentViews.set(v.id, v);
  }

  // Rows reach here only when the reader may see them, so a user may like and (but on a group's wall) comment.
  const signedIn = viewer.userId !== null;
  return rows.map((r, i) => {
    const l = likes?.get(r.id);
    const c = comments?.get(r.id);
    const full: Record<ActivityField, () => unknown> = {
      id: () => r.id,
      owner: () => summary(r.owner_id),
      content: () => r.content,
      attachments: () => attachments![i],
      timestamp: () => r.created_at,
      is_liked: () => l!.isLiked,
      can_like: () => signedIn,
      total_like: () => l!.total,
      user_liked: () => l!.recent.map(summary),
      can_comment: () => rights[i]!.comment,
      total_comment: () => c!.total,
      comments: () => c!.latest.map((x) => commentViews.get(x.id)!),
      can_delete: () => rights[i]!.delete,
      can_share: () => canShareActivity(viewer, r),
      subject: () => {
        const group = groupOf(r);
        if (group !== null) return groups.get(group) ?? null;
        const wall = otherWallOf(r);
        return wall === null ? null : summary(wall);
      },
    };
    const out: Partial<Record<ActivityField, unknown>> = {};
    for (const f of fields) out[f] = full[f]();
    return out;
  });
}
