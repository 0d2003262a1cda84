import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import type { Privacy } from '../db/types.ts';
import { notFound } from '../errors.ts';
import { imageUrl } from '../storage/images.ts';
import { excerpt, plainText } from './format.ts';
import { canSeePhoto, photoRules, photoShareView, postedPhotoVisibleTo, type PhotoRule } from './photo-privacy.ts';
import { allowsInGroup, groupOf, groupWallRights, otherWallOf } from './post-privacy.ts';
import { allows, type Viewer } from './privacy.ts';
import { bodyHtml } from './text.ts';

/** Things people like, comment on and share (the spec's item_type values this site has). */
export const ITEM_TYPES = ['activity', 'album', 'photo', 'blog', 'classified', 'event', 'video', 'music_playlist'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export function isItemType(value: string): value is ItemType {
  return (ITEM_TYPES as readonly string[]).includes(value);
}

/** One item with the effective privacy that governs it and what a share card shows. */
export interface Item {
  type: ItemType;
  id: number;
  ownerId: number;
  authView: Privacy;
  authComment: Privacy;
  /** Also always sees it: the owner of the wall an activity was posted on. */
  wallOwnerId: number | null;
  /**
   * The group whose wall an activity is on, or whose album an album or photo is (domain/post-privacy.ts):
   * only who may see the group sees it, and only who may post there comments.
   */
  groupId: number | null;
  /** A photo's own rule (domain/photo-privacy.ts), which decides who sees it: its album's, and its posts' for one posted. */
  photoRule?: PhotoRule;
  title: string;
  description: string;
  /** 500-px picture URL, '' when it has none. */
  img: string;
  /** 240-px thumbnail URL of the same picture (lists and search results), '' when it has none. */
  thumb: string;
  /** The pixels of the picture's original, when it has a stored one whose size is known (migration 012). */
  imgSize?: PictureSize;
  /** The item's page on the web client. */
  href: string;
}

/** An item as a post carries it: the spec's attachment (`attachments` of an activity). */
export interface AttachmentCard {
  id: number;
  type: string;
  title: string;
  description: string;
  img: string;
  href: string;
  /**
   * The pixels of the picture's original (extension, docs/api.md, "Extensions": Picture sizes and
   * descriptions): on an attached photo, listing, event or video whose picture's size is known;
   * absent otherwise.
   */
  width?: number;
  height?: number;
}

interface PictureSize {
  width: number;
  height: number;
}

/** A size from a row's columns: undefined while one is not known (null, or 0 for an unreadable file). */
const sizeOf = (width: number | null | undefined, height: number | null | undefined): { imgSize?: PictureSize } =>
  width && height ? { imgSize: { width, height } } : {};

/** The web client's path of each item type. */
const WEB_PATHS: Record<ItemType, string> = {
  activity: 'activities',
  album: 'albums',
  photo: 'photos',
  blog: 'blogs',
  classified: 'listings',
  event: 'events',
  video: 'videos',
  music_playlist: 'music',
};

/** The item's page on the web client. */
export function webHref(config: Config, type: ItemType, id: number): string {
  return `${config.webOrigin}/${WEB_PATHS[type]}/${id}`;
}

/** The card's picture and its thumbnail, of a stored image (`key`), else `external` (a link's own picture) or none. */
const pictures = (config: Config, key: string | null | undefined, external = ''): { img: string; thumb: string } =>
  key ? { img: imageUrl(config.publicUrl, key, '500'), thumb: imageUrl(config.publicUrl, key, '240') } : { img: external, thumb: external };

type Loaded = Omit<Item, 'type' | 'href'>;

/** What a row gives the card of an item posted by its owner on no one else's wall (all but activities). */
interface OwnedRow {
  id: number;
  owner_id: number;
  title: string;
  auth_view: Privacy;
  auth_comment: Privacy;
  /** The item's text (rich text), whatever its column is called. */
  text: string;
  image_key?: string | null;
  width?: number | null;
  height?: number | null;
}

const ownedItem = (config: Config, row: OwnedRow): Loaded => ({
  id: row.id,
  ownerId: row.owner_id,
  authView: row.auth_view,
  authComment: row.auth_comment,
  wallOwnerId: null,
  groupId: null,
  title: row.title,
  description: plainText(row.text),
  ...pictures(config, row.image_key),
  ...sizeOf(row.width, row.height),
});
/**
 * The photos attached to posts that a post's card may show: those everyone signed in may see the
 * album of (not a restricted album, nor a group's but a public group's), with whether the rest
 * of the rule lets their picture be passed on (`posted`: a photo posted publicly), which a share's
 * card and a group album's photo need; the post's own photo is seen wherever the post is. That
 * part, which reads other posts, is asked only for the photos that need it.
 */
interface CardPhoto {
  key: string;
  inGroup: boolean;
  posted: boolean;
}

async function cardPhotos(db: DB, attached: { id: number; shared: boolean }[]): Promise<Map<number, CardPhoto>> {
  const out = new Map<number, CardPhoto>();
  if (attached.length === 0) return out;
  const rows = await db
    .selectFrom('photos as p')
    .innerJoin('albums as pa', 'pa.id', 'p.album_id')
    .select(['p.id', 'p.image_key', 'pa.group_id'])
    .where('p.id', 'in', [...new Set(attached.map((a) => a.id))])
    .where('pa.auth_view', 'in', ['everyone', 'registered'])
    .execute();
  const shared = new Set(attached.filter((a) => a.shared).map((a) => a.id));
  const asked = rows.filter((r) => shared.has(r.id) || r.group_id !== null).map((r) => r.id);
  const posted = new Set<number>();
  if (asked.length > 0) {
    const seen = await db
      .selectFrom('photos as p')
      .innerJoin('albums as pa', 'pa.id', 'p.album_id')
      .select('p.id')
      .where('p.id', 'in', asked)
      .where(postedPhotoVisibleTo('p', 'pa', null))
      .execute();
    for (const r of seen) posted.add(r.id);
  }
  for (const r of rows) out.set(r.id, { key: r.image_key, inGroup: r.group_id !== null, posted: posted.has(r.id) });
  return out;
}

/** Loads many items of one type in one query (feeds load every attachment of a page at once). */
type Loader = (db: DB, config: Config, ids: readonly number[]) => Promise<Loaded[]>;

const loaders: Record<ItemType, Loader> = {
  async activity(db, config, ids) {
    // Two plain reads rather than one with the photo's joins and rule in it: PostgreSQL planned
    // that one statement in 1.5–2 ms at a million rows (it ran in 0.05), which was most of a
    // like's, an unlike's and a comment's cost there (docs/performance.md); most posts carry
    // no photo, and their read now plans in a tenth of a millisecond.
    const rows = await db
      .selectFrom('activities as a')
      .innerJoin('users as u', 'u.id', 'a.owner_id')
      .select([
        'a.id',
        'a.owner_id',
        'a.subject_type',
        'a.subject_id',
        'a.content',
        'a.auth_view',
        'a.link_thumb',
        'a.link_title',
        'a.attachment_type',
        'a.attachment_id',
        'a.is_share',
        'u.full_name',
      ])
      .where('a.id', 'in', ids)
      .execute();
    const photoOf = (row: (typeof rows)[number]) => (row.attachment_type === 'photo' ? row.attachment_id : null);
    const photos = await cardPhotos(
      db,
      rows.flatMap((r) => (photoOf(r) === null ? [] : [{ id: photoOf(r)!, shared: r.is_share !== 0 }])),
    );
    const shownPhoto = (row: (typeof rows)[number]) => {
      const id = photoOf(row);
      const photo = id === null ? undefined : photos.get(id);
      return photo && ((row.is_share === 0 && !photo.inGroup) || photo.posted) ? photo.key : null;
    };
    return rows.map((row) => ({
      id: row.id,
      ownerId: row.owner_id,
      authView: row.auth_view,
      // Activities have no comment setting of their own: who may see one may comment.
      authComment: row.auth_view,
      wallOwnerId: otherWallOf(row),
      groupId: groupOf(row),
      title: row.full_name,
      description: plainText(row.content) || row.link_title || '',
      ...pictures(config, shownPhoto(row), row.link_thumb ?? ''),
    }));
  },

  async album(db, config, ids) {
    const rows = await db
      .selectFrom('albums as a')
      .select(['a.id', 'a.owner_id', 'a.title', 'a.description', 'a.auth_view', 'a.auth_comment', 'a.group_id'])
      // The cover, or else the newest photo, of those everyone who sees the album may see.
      .select((eb) =>
        eb
          .selectFrom('photos as p')
          .select('p.image_key')
          .whereRef('p.album_id', '=', 'a.id')
          .where(postedPhotoVisibleTo('p', 'a', null))
          .orderBy((o) => o.case().when('p.id', '=', o.ref('a.cover_photo_id')).then(0).else(1).end())
          .orderBy('p.id', 'desc')
          .limit(1)
          .as('image_key'),
      )
      .where('a.id', 'in', ids)
      .execute();
    // A group's album is seen by who may see the group (canView).
    return rows.map((row) => ({ ...ownedItem(config, { ...row, text: row.description }), groupId: row.group_id }));
  },

  async photo(db, config, ids) {
    const rows = await db
      .selectFrom('photos as p')
      .leftJoin('albums as a', 'a.id', 'p.album_id')
      .select([
        'p.id',
        'p.owner_id',
        'p.title',
        'p.description',
        'p.image_key',
        'p.width',
        'p.height',
        'a.owner_id as album_owner_id',
        'a.auth_view as album_view',
        'a.auth_comment',
        'a.kind as album_kind',
        'a.group_id as album_group_id',
      ])
      .where('p.id', 'in', ids)
      .execute();
    const rules = await photoRules(db, rows);
    // Who sees a photo is its rule's (photoRule); who comments, its album's (none: its owner alone)
    // and in a group's album, the group's too (canComment).
    return rows.map((row) => {
      const photoRule = rules.get(row.id)!;
      return {
        ...ownedItem(config, { ...row, auth_view: photoRule.view, auth_comment: row.auth_comment ?? 'owner', text: row.description }),
        groupId: row.album_group_id,
        photoRule,
      };
    });
  },

  async blog(db, config, ids) {
    const rows = await db
      .selectFrom('blogs')
      .select(['id', 'owner_id', 'title', 'body', 'is_draft', 'auth_view', 'auth_comment'])
      .where('id', 'in', ids)
      .execute();
    // Drafts are their owner's alone.
    return rows.map((row) =>
      ownedItem(config, {
        ...row,
        auth_view: row.is_draft === 1 ? 'owner' : row.auth_view,
        auth_comment: row.is_draft === 1 ? 'owner' : row.auth_comment,
        text: row.body,
      }),
    );
  },

  async classified(db, config, ids) {
    const rows = await db
      .selectFrom('classifieds as c')
      .leftJoin('classified_photos as cp', 'cp.id', 'c.main_photo_id')
      .select(['c.id', 'c.owner_id', 'c.title', 'c.body', 'c.auth_view', 'c.auth_comment', 'cp.image_key', 'cp.width', 'cp.height'])
      .where('c.id', 'in', ids)
      .execute();
    return rows.map((row) => ownedItem(config, { ...row, text: row.body }));
  },

  async event(db, config, ids) {
    const rows = await db
      .selectFrom('events')
      .select([
        'id',
        'owner_id',
        'title',
        'description',
        'auth_view',
        'auth_comment',
        'image_key',
        'image_width',
        'image_height',
        'group_id',
      ])
      .where('id', 'in', ids)
      .execute();
    // An event made in a group is seen as the group lets (canView).
    return rows.map((row) => ({
      ...ownedItem(config, { ...row, text: row.description, width: row.image_width, height: row.image_height }),
      groupId: row.group_id,
    }));
  },

  async video(db, config, ids) {
    const rows = await db
      .selectFrom('videos')
      .select(['id', 'owner_id', 'title', 'description', 'auth_view', 'auth_comment', 'status', 'poster_key', 'width', 'height'])
      .where('id', 'in', ids)
      .execute();
    // A video not (yet) converted is its owner's alone, as a draft is.
    return rows.map((row) => {
      const ready = row.status === 'processed';
      return ownedItem(config, {
        ...row,
        auth_view: ready ? row.auth_view : 'owner',
        auth_comment: ready ? row.auth_comment : 'owner',
        // Typed as plain text: a card reads it as such.
        text: bodyHtml(row.description),
        image_key: row.poster_key,
      });
    });
  },

  async music_playlist(db, config, ids) {
    const rows = await db
      .selectFrom('music_playlists')
      .select(['id', 'owner_id', 'title', 'description', 'auth_view', 'auth_comment', 'image_key', 'image_width', 'image_height'])
      .where('id', 'in', ids)
      .execute();
    // Typed as plain text: a card reads it as such.
    return rows.map((row) =>
      ownedItem(config, { ...row, text: bodyHtml(row.description), width: row.image_width, height: row.image_height }),
    );
  },
};

/** Items of one type by id, whoever may see them; ids that match nothing are absent. */
export async function loadItems(db: DB, config: Config, type: ItemType, ids: readonly number[]): Promise<Map<number, Item>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const found = await loaders[type](db, config, unique);
  return new Map(found.map((f) => [f.id, { ...f, type, href: webHref(config, type, f.id) }]));
}

/** The item, whoever may see it; undefined when there is none. */
async function loadItem(db: DB, config: Config, type: ItemType, id: number): Promise<Item | undefined> {
  return (await loadItems(db, config, type, [id])).get(id);
}

/** Longest title of an activity, which has none of its own: an excerpt of its text. */
const ACTIVITY_TITLE_MAX = 100;

/** The title to show for an item (notifications, search results). */
export const itemTitle = (item: Pick<Item, 'title' | 'description'> & { type: string }): string =>
  item.type === 'activity' ? excerpt(item.description, ACTIVITY_TITLE_MAX) : item.title;

export async function canView(viewer: Viewer, item: Item): Promise<boolean> {
  if (item.photoRule) return canSeePhoto(viewer, item.photoRule);
  if (item.groupId !== null) return allowsInGroup(viewer, item.authView, item.ownerId, item.groupId);
  return allows(viewer, item.authView, item.ownerId, item.wallOwnerId);
}

/**
 * The privacy a share of the item gets (POST /activities/share): only what everyone signed in
 * may see is passed on, under its own rule; null for anything narrower.
 */
export function shareView(item: Item): Privacy | null {
  if (item.photoRule) return photoShareView(item.photoRule);
  // A post on a group's wall stays there: who sees it is the group's to say, and it may change.
  if (item.groupId !== null) return null;
  return item.authView === 'everyone' || item.authView === 'registered' ? item.authView : null;
}

/** Liking needs a user (not a client-credentials token) who may see the item. */
export async function canLike(viewer: Viewer, item: Item): Promise<boolean> {
  return viewer.userId !== null && (await canView(viewer, item));
}

/**
 * Commenting needs a user who may see the item and whom its comment privacy lets in; on a post on
 * a group's wall or in its album, one whom the group lets post there (its auth_comment); an event
 * made in a group has its own comment privacy (parent_member among its choices).
 */
export async function canComment(viewer: Viewer, item: Item): Promise<boolean> {
  if (!(await canLike(viewer, item))) return false;
  if (item.groupId === null) return allows(viewer, item.authComment, item.ownerId, item.wallOwnerId);
  if (!(await allowsInGroup(viewer, item.authComment, item.ownerId, item.groupId))) return false;
  return item.type === 'event' || (await groupWallRights(viewer, item.groupId)).post;
}

/** The item when the viewer may see it; 404 otherwise (absent and hidden look the same). */
export async function getVisibleItem(db: DB, config: Config, viewer: Viewer, type: ItemType, id: number): Promise<Item> {
  const item = await loadItem(db, config, type, id);
  if (!item || !(await canView(viewer, item))) throw notFound();
  return item;
}
