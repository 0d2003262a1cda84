import type { DB } from '../../../src/db/index.ts';
import { now } from '../../../src/db/index.ts';
import type { Privacy } from '../../../src/db/types.ts';
import { befriend, createUser, tokenFor } from '../../helpers.ts';
import type { TestApp } from '../../fixture.ts';
import { picture, post } from '../fixtures.ts';

export const ALBUMS = '/api/v1/albums';

export const LIST_KEYS = ['description', 'id', 'owner', 'thumb', 'title', 'total_photo', 'type'];
export const DETAIL_KEYS = [...LIST_KEYS, 'can_delete', 'can_edit', 'can_editphotos', 'can_upload', 'photos'].sort();

let clock = 1_700_000_000;

export interface AlbumSpec {
  title?: string;
  description?: string;
  kind?: string;
  category_id?: number | null;
  allow_search?: number;
  auth_view?: Privacy;
  auth_comment?: Privacy;
  auth_tag?: Privacy;
  view_count?: number;
  created_at?: number;
}

/** An album row; created_at grows with each call unless given. */
export async function makeAlbum(db: DB, owner: number, s: AlbumSpec = {}): Promise<number> {
  const t = s.created_at ?? clock++;
  const row = await db
    .insertInto('albums')
    .values({
      owner_id: owner,
      kind: s.kind ?? 'normal',
      title: s.title ?? 'An album',
      description: s.description ?? '',
      category_id: s.category_id ?? null,
      allow_search: s.allow_search ?? 1,
      auth_view: s.auth_view ?? 'everyone',
      auth_comment: s.auth_comment ?? 'everyone',
      auth_tag: s.auth_tag ?? 'owner_member',
      cover_photo_id: null,
      view_count: s.view_count ?? 0,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A photo row (no file behind it) with a distinct storage key. */
export async function makePhoto(
  db: DB,
  owner: number,
  albumId: number | null,
  p: { title?: string; width?: number; height?: number } = {},
): Promise<number> {
  const t = now();
  const key = `${Math.random().toString(16).slice(2).padEnd(16, '0')}${Date.now().toString(16).padStart(16, '0')}.jpg`;
  const row = await db
    .insertInto('photos')
    .values({
      owner_id: owner,
      album_id: albumId,
      title: p.title ?? 'A photo',
      description: 'caption',
      image_key: key,
      width: p.width ?? 800,
      height: p.height ?? 600,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function keyOf(db: DB, photoId: number): Promise<string> {
  return (await db.selectFrom('photos').select('image_key').where('id', '=', photoId).executeTakeFirstOrThrow()).image_key;
}

export async function albumRow(db: DB, id: number) {
  return db.selectFrom('albums').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function categoryIds(db: DB, module: 'album' | 'blog'): Promise<Map<string, number>> {
  const rows = await db.selectFrom('categories').select(['id', 'title']).where('module', '=', module).execute();
  return new Map(rows.map((r) => [r.title, r.id]));
}

/** An owner, a friend of theirs, a registered stranger, and a client-credentials token, each with `scopes`. */
export async function cast(t: TestApp, scopes: string[] = ['albums']) {
  const owner = (await createUser(t.db, { full_name: 'Olive Owner' })).id;
  const friend = (await createUser(t.db, { full_name: 'Fred Friend' })).id;
  const stranger = (await createUser(t.db, { full_name: 'Sam Stranger' })).id;
  await befriend(t.db, owner, friend);
  return {
    owner,
    friend,
    stranger,
    ownerToken: await tokenFor(t.db, owner, scopes),
    friendToken: await tokenFor(t.db, friend, scopes),
    strangerToken: await tokenFor(t.db, stranger, scopes),
    clientToken: await tokenFor(t.db, null, scopes),
  };
}

/** A real upload through POST /albums/photo_upload; returns the pending photo's id. */
export async function uploadPending(t: TestApp, token: string, width = 64, height = 48): Promise<number> {
  const res = await post(
    t,
    token,
    `${ALBUMS}/photo_upload`,
    {},
    { Filedata: { filename: 'p.jpg', content: await picture('jpeg', width, height) } },
  );
  if (res.status !== 200) throw new Error(`photo_upload failed: ${JSON.stringify(res.body)}`);
  return res.body.data.photo_id;
}
