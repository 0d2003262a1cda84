import sharp from 'sharp';
import type { DB } from '../../src/db/index.ts';
import { now } from '../../src/db/index.ts';
import type { Insertable } from 'kysely';
import type {
  AlbumsTable,
  BlogsTable,
  ClassifiedsTable,
  Database,
  EventsTable,
  MusicPlaylistsTable,
  PhotosTable,
  Privacy,
  VideosTable,
} from '../../src/db/types.ts';
import { call, multipartBody } from '../helpers.ts';
import type { TestApp } from '../fixture.ts';

/** Real pictures, made with sharp, in each accepted format. */
export async function picture(format: 'png' | 'jpeg' | 'gif' | 'webp', width = 64, height = 48): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  return img.toFormat(format).toBuffer();
}

/** GET with a bearer token (or none); `query` is added to the URL. */
export function get(t: TestApp, token: string | null, url: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return call(t.app, token, { method: 'GET', url: qs ? `${url}?${qs}` : url });
}

/** POST a multipart/form-data body, as the spec says clients send. */
export function post(
  t: TestApp,
  token: string | null,
  url: string,
  fields: Record<string, string | number> = {},
  files: Record<string, { filename: string; content: Buffer; type?: string }> = {},
) {
  const { payload, headers } = multipartBody(fields, files);
  return call(t.app, token, { method: 'POST', url, payload, headers });
}

/** Tags a member in a photo (POST /core/tags), in a 5×5 box at its corner. */
export function tagMember(t: TestApp, token: string, photo: number, userId: number) {
  return post(t, token, '/api/v1/core/tags', {
    subject_type: 'photo',
    subject_id: photo,
    'extra[x]': 0,
    'extra[y]': 0,
    'extra[w]': 5,
    'extra[h]': 5,
    user_id: userId,
  });
}

export function del(t: TestApp, token: string | null, url: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return call(t.app, token, { method: 'DELETE', url: qs ? `${url}?${qs}` : url });
}

let clock = 1_700_000_000;

export async function insertActivity(
  db: DB,
  a: {
    owner: number;
    wall?: number;
    auth_view?: Privacy;
    content?: string;
    attachment_type?: string;
    attachment_id?: number;
    is_share?: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('activities')
    .values({
      owner_id: a.owner,
      subject_type: 'user',
      subject_id: a.wall ?? a.owner,
      content: a.content ?? 'hello',
      auth_view: a.auth_view ?? 'everyone',
      attachment_type: a.attachment_type ?? null,
      attachment_id: a.attachment_id ?? null,
      is_share: a.is_share ?? 0,
      created_at: clock++,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts one row, both its timestamps now unless the values give them; returns its id. */
async function insertRow<T extends 'albums' | 'photos' | 'blogs' | 'classifieds' | 'events' | 'videos'>(
  db: DB,
  table: T,
  values: Omit<Insertable<Database[T]>, 'created_at' | 'updated_at'> & Partial<Insertable<Database[T]>>,
): Promise<number> {
  const t = now();
  // Kysely cannot follow a table chosen by a type parameter: the one cast of these helpers.
  const row = await db
    .insertInto(table as 'albums')
    .values({ created_at: t, updated_at: t, ...values } as Insertable<AlbumsTable>)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The insert helpers below take any column in `p` (a title, a body, a date) over their defaults. */
export async function insertAlbum(db: DB, owner: number, p: Partial<Insertable<AlbumsTable>> = {}): Promise<number> {
  return insertRow(db, 'albums', {
    owner_id: owner,
    kind: 'normal',
    title: 'Holidays',
    description: 'By the sea',
    category_id: null,
    allow_search: 1,
    auth_view: 'everyone',
    auth_comment: 'everyone',
    auth_tag: 'owner',
    cover_photo_id: null,
    ...p,
  });
}

export async function insertPhoto(
  db: DB,
  owner: number,
  albumId: number | null,
  title = 'A photo',
  p: Partial<Insertable<PhotosTable>> = {},
): Promise<number> {
  return insertRow(db, 'photos', {
    owner_id: owner,
    album_id: albumId,
    title,
    description: 'caption',
    image_key: `${'ab'.repeat(16)}.png`,
    width: 10,
    height: 10,
    ...p,
  });
}

export async function insertBlog(db: DB, owner: number, p: Partial<Insertable<BlogsTable>> = {}): Promise<number> {
  return insertRow(db, 'blogs', {
    owner_id: owner,
    title: 'My blog',
    body: '<p>Some <b>words</b> &amp; more</p>',
    category_id: null,
    is_draft: 0,
    allow_search: 1,
    auth_view: 'everyone',
    auth_comment: 'everyone',
    ...p,
  });
}

export async function insertClassified(db: DB, owner: number, p: Partial<Insertable<ClassifiedsTable>> = {}): Promise<number> {
  return insertRow(db, 'classifieds', {
    owner_id: owner,
    title: 'Bike for sale',
    body: 'Red, fast.',
    category_id: null,
    price_cents: 10000,
    location: 'Paris',
    is_closed: 0,
    auth_view: 'everyone',
    auth_comment: 'everyone',
    main_photo_id: null,
    ...p,
  });
}

export async function insertEvent(db: DB, owner: number, p: Partial<Insertable<EventsTable>> = {}): Promise<number> {
  const t = now();
  return insertRow(db, 'events', {
    owner_id: owner,
    title: 'Party',
    description: 'Bring snacks',
    category_id: null,
    start_time: t + 86400,
    end_time: t + 90000,
    timezone: 'UTC',
    host: 'Me',
    location: 'Home',
    allow_search: 1,
    auth_invite: 1,
    approval: 0,
    auth_view: 'everyone',
    auth_comment: 'everyone',
    auth_photo: 'owner',
    image_key: null,
    ...p,
  });
}

/** A YouTube video, processed (as a link is from the start), written straight to the table. */
export async function insertVideo(db: DB, owner: number, p: Partial<Insertable<VideosTable>> = {}): Promise<number> {
  return insertRow(db, 'videos', {
    owner_id: owner,
    title: 'A clip',
    description: 'Cats & dogs',
    type: 'youtube',
    code: 'dQw4w9WgXcQ',
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    duration: null,
    width: 480,
    height: 270,
    poster_key: null,
    file_key: null,
    status: 'processed',
    status_reason: null,
    category_id: null,
    allow_search: 1,
    auth_view: 'everyone',
    auth_comment: 'everyone',
    ...p,
  });
}

export async function insertSong(db: DB, owner: number, title = 'A song'): Promise<number> {
  const row = await db
    .insertInto('songs')
    .values({ owner_id: owner, title, file_key: 'songs/abc.mp3', play_count: 0, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A music playlist of `owner` (migration 020), public unless `p` says otherwise. */
export async function insertPlaylist(db: DB, owner: number, p: Partial<Insertable<MusicPlaylistsTable>> = {}): Promise<number> {
  const row = await db
    .insertInto('music_playlists')
    .values({
      owner_id: owner,
      title: 'A playlist',
      description: '',
      image_key: null,
      image_width: null,
      image_height: null,
      special: null,
      allow_search: 1,
      auth_view: 'everyone',
      auth_comment: 'everyone',
      created_at: now(),
      updated_at: now(),
      ...p,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts an item of any type owned by `owner` with the given privacy; returns its id. */
export async function insertItem(
  db: DB,
  type: string,
  owner: number,
  p: { auth_view?: Privacy; auth_comment?: Privacy } = {},
): Promise<number> {
  switch (type) {
    case 'activity':
      return insertActivity(db, { owner, auth_view: p.auth_view });
    case 'album':
      return insertAlbum(db, owner, p);
    case 'photo':
      return insertPhoto(db, owner, await insertAlbum(db, owner, p));
    case 'blog':
      return insertBlog(db, owner, p);
    case 'classified':
      return insertClassified(db, owner, p);
    case 'event':
      return insertEvent(db, owner, p);
    case 'video':
      return insertVideo(db, owner, p);
    case 'music_playlist':
      return insertPlaylist(db, owner, p);
    default:
      throw new Error(`unknown item type ${type}`);
  }
}

/** The reader's notifications (GET /activities/notifications), newest first, as kind, who, and what about. */
export async function notificationsOf(t: TestApp, token: string) {
  const res = await get(t, token, '/api/v1/activities/notifications');
  return (res.body.data as Array<{ type: string; owner: { id: number }; item: object }>).map((n) => ({
    type: n.type,
    owner: n.owner.id,
    item: n.item,
  }));
}

/** A tag on a photo (a member, or a label) written straight to the table, in a 5×5 box at its corner. */
export async function insertTag(
  db: DB,
  photo: number,
  tagger: number,
  who: { userId: number } | { label: string },
  createdAt = now(),
): Promise<void> {
  await db
    .insertInto('item_tag_areas')
    .values({
      subject_type: 'photo',
      subject_id: photo,
      tagger_id: tagger,
      user_id: 'userId' in who ? who.userId : null,
      label: 'label' in who ? who.label : null,
      x: 0,
      y: 0,
      w: 5,
      h: 5,
      created_at: createdAt,
    })
    .execute();
}
