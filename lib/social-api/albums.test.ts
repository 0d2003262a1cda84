import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../../api-server/test/helpers.ts';
import { makeAlbum } from '../../api-server/test/routes/albums/album-fixtures.ts';
import { apiFailure as failure } from '../testing/api-failure.ts';
import { png } from '../testing/pictures.ts';
import { startRelay, type Relay } from '../testing/relay.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { addUploadedPhotos, uploadAlbumPhoto } from './album-upload.ts';
import {
  albumsToAddTo,
  deleteAlbum,
  deletePhoto,
  editAlbum,
  editPhoto,
  getAlbum,
  getPhoto,
  listAlbums,
  loadAlbum,
  loadPhoto,
  reorderAlbum,
  setAlbumCover,
  uploadComposePhoto,
} from './albums.ts';

// The web client's album and photo reads and the owner's changes (what /albums, /albums/{id}
// and /photos/{id} and their actions call) against the real api-server over loopback HTTP, on
// a fresh copy of the demo data: the demo user owns "Lisbon weekend" (5 photos, public) and
// "Sunday dinners" (friends only); Frank is not the demo user's friend. A relay in front of
// the API counts the calls.

const api = setupRealApi();
const { demo, frank } = membersOf(api, ['demo', 'frank']);
let relay: Relay;

beforeAll(async () => {
  relay = await startRelay(api.baseUrl);
  process.env.SOCIAL_API_URL = relay.baseUrl;
});
afterAll(async () => {
  await relay?.close();
});

/** A multipart body with its Filedata part (and form fields), as the browser sends it. */
function multipart(width: number, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('Filedata', new Blob([new Uint8Array(png(width, 8))], { type: 'image/png' }), `p${width}.png`);
  const res = new Response(form);
  return { body: res.body!, contentType: res.headers.get('content-type')! };
}

let widths = 10;
/** A new album of `n` photos of the token's user; answers its id and the photo ids in the order given. */
async function albumOf(token: string, n: number, title = `Test album ${widths}`): Promise<{ albumId: number; photoIds: number[] }> {
  const photoIds: number[] = [];
  for (let i = 0; i < n; i += 1) photoIds.push((await uploadAlbumPhoto(token, multipart((widths += 1)))).photoId);
  const { albumId } = await addUploadedPhotos(token, photoIds, {
    album: { title, categoryId: 0, description: '', authView: 'everyone', authComment: 'everyone', authTag: 'everyone', searchable: true },
  });
  return { albumId, photoIds };
}

const lisbon = async () => (await listAlbums(demo.token, { mine: true }))!.find((a) => a.title === 'Lisbon weekend')!;

describe('listAlbums (GET /albums, /albums/my)', () => {
  it('filters by keywords and member; "mine" lists one’s own, friends-only ones included', async () => {
    const found = await listAlbums(frank.token, { keywords: 'lisbon' });
    expect(found!.map((a) => a.title)).toEqual(['Lisbon weekend']);
    expect(found![0]).toMatchObject({
      photoCount: 5,
      owner: expect.objectContaining({ id: demo.id, name: 'Demo User' }),
      thumb: expect.stringMatching(/^https?:\/\//),
    });
    const theirs = await listAlbums(frank.token, { userId: demo.id });
    expect(theirs!.map((a) => a.title)).toContain('Lisbon weekend');
    expect(theirs!.map((a) => a.title)).not.toContain('Sunday dinners');
    const mine = await listAlbums(demo.token, { mine: true });
    expect(mine!.map((a) => a.title)).toEqual(expect.arrayContaining(['Lisbon weekend', 'Sunday dinners']));
  });

  it('albumsToAddTo: one’s own albums photos may go into, not those the API fills itself, and not the one left out', async () => {
    await uploadComposePhoto(demo.token, multipart(34, { type: 'wall' }));
    await uploadComposePhoto(demo.token, multipart(35, { type: 'message' }));
    const mine = (await listAlbums(demo.token, { mine: true }))!.map((a) => a.title);
    expect(mine).toEqual(expect.arrayContaining(['Wall Photos', 'Message Photos']));
    const open = await albumsToAddTo(demo.token);
    expect(open.complete).toBe(true);
    expect(open.albums.map((a) => a.title)).toEqual(mine.filter((t) => t !== 'Wall Photos' && t !== 'Message Photos'));
    expect(open.albums.map((a) => a.title)).toContain('Lisbon weekend');
    const { id } = await lisbon();
    expect((await albumsToAddTo(demo.token, id)).albums.map((a) => a.id)).not.toContain(id);
    expect((await albumsToAddTo(frank.token)).albums.map((a) => a.title)).toEqual(['Berlin at night']);
  });

  it('albumsToAddTo: every one of a member’s albums past the API’s pages of 50, the oldest included, in one call a page', async () => {
    const owner = (await createUser(api.db, { full_name: 'Many Albums' })).id;
    const token = await tokenFor(api.db, owner);
    const ids: number[] = [];
    for (let i = 1; i <= 54; i += 1) ids.push(await makeAlbum(api.db, owner, { title: `Album ${i}` }));
    await makeAlbum(api.db, owner, { title: 'Wall Photos', kind: 'wall' });
    const calls = relay.requests.length;
    const open = await albumsToAddTo(token, ids[53]);
    expect(open.complete).toBe(true);
    expect(open.albums.map((a) => a.id).sort((a, b) => a - b)).toEqual(ids.slice(0, 53));
    expect(open.albums.map((a) => a.title)).toContain('Album 1');
    // 55 albums: two pages of the list, not a call per album.
    expect(relay.requests.length - calls).toBe(2);
    // The words typed find an album among them all.
    expect((await albumsToAddTo(token, undefined, 'Album 1')).albums.map((a) => a.title).sort()).toEqual(
      ['Album 1', ...Array.from({ length: 10 }, (_, i) => `Album 1${i}`)].sort(),
    );
  });

  it('albumsToAddTo: past ten pages (500 albums) it stops and says so, and the words typed still find the oldest', async () => {
    const owner = (await createUser(api.db, { full_name: 'Too Many Albums' })).id;
    const token = await tokenFor(api.db, owner);
    const oldest = await makeAlbum(api.db, owner, { title: 'The very first' });
    for (let i = 1; i <= 500; i += 1) await makeAlbum(api.db, owner, { title: `Trip ${i}` });
    const calls = relay.requests.length;
    const open = await albumsToAddTo(token);
    expect(relay.requests.length - calls).toBe(10);
    expect(open).toMatchObject({ complete: false });
    expect(open.albums).toHaveLength(500);
    expect(open.albums.map((a) => a.id)).not.toContain(oldest);
    expect(await albumsToAddTo(token, undefined, 'very first')).toEqual({
      complete: true,
      albums: [{ id: oldest, title: 'The very first' }],
    });
  });

  it('answers undefined for a member who is not there', async () => {
    expect(await listAlbums(demo.token, { userId: 999_999 })).toBeUndefined();
  });
});

describe('getAlbum (GET /albums/{id} with photo_page / photo_limit)', () => {
  it('pages the photos in the album’s order with no gap and no photo twice', async () => {
    const { id } = await lisbon();
    const all = (await getAlbum(demo.token, id, { page: 1, limit: 50 }))!;
    expect(all.photos).toHaveLength(5);
    const paged = [];
    for (let page = 1; page <= 3; page += 1) paged.push(...(await getAlbum(demo.token, id, { page, limit: 2 }))!.photos.map((p) => p.id));
    expect(paged).toEqual(all.photos.map((p) => p.id));
    expect((await getAlbum(demo.token, id, { page: 4, limit: 2 }))!.photos).toEqual([]);
  });

  it('gives the owner’s flags to the owner only, and is undefined for someone who may not see it', async () => {
    const { id } = await lisbon();
    expect((await getAlbum(demo.token, id, { page: 1, limit: 1 }))!.can).toEqual({
      upload: true,
      editPhotos: true,
      edit: true,
      delete: true,
    });
    expect((await getAlbum(frank.token, id, { page: 1, limit: 1 }))!.can).toEqual({
      upload: false,
      editPhotos: false,
      edit: false,
      delete: false,
    });
    const dinners = (await listAlbums(demo.token, { mine: true }))!.find((a) => a.title === 'Sunday dinners')!;
    expect(await getAlbum(frank.token, dinners.id, { page: 1, limit: 1 })).toBeUndefined();
    expect(await getAlbum(demo.token, 999_999, { page: 1, limit: 1 })).toBeUndefined();
  });
});

describe('an album’s category, settings and social layer (our extension fields)', () => {
  it('tells everyone the category, and the owner alone the settings the edit form shows', async () => {
    const { id } = await lisbon();
    const own = (await getAlbum(demo.token, id, { page: 1, limit: 1 }))!;
    expect(own.category).toEqual({ id: expect.any(Number), title: 'Travel' });
    expect(own.settings).toEqual({
      categoryId: own.category!.id,
      authView: 'everyone',
      authComment: expect.any(String),
      authTag: expect.any(String),
      searchable: true,
    });
    const other = (await getAlbum(frank.token, id, { page: 1, limit: 1 }))!;
    expect(other.category).toEqual(own.category);
    expect(other.settings).toBeUndefined();
    // Edited, the settings read back as saved; no category is null (0 in the form).
    const { albumId } = await albumOf(demo.token, 1, 'Settings read back');
    await editAlbum(demo.token, albumId, { categoryId: 0, authView: 'owner_member', searchable: false });
    const edited = (await getAlbum(demo.token, albumId, { page: 1, limit: 1 }))!;
    expect(edited.category).toBeNull();
    expect(edited.settings).toMatchObject({ categoryId: 0, authView: 'owner_member', searchable: false });
  });

  it('loadAlbum counts every like, past the 50 one page of likers holds', async () => {
    const { albumId } = await albumOf(demo.token, 1, 'Much liked');
    const users = await api.db.selectFrom('users').select('id').limit(8).execute();
    // More likes than /core/likes gives in a page: people seeded for the test.
    const now = Math.floor(Date.now() / 1000);
    const likers = [...users.map((u) => u.id)];
    for (let i = 0; likers.length < 57; i += 1) {
      likers.push((await createUser(api.db, { email: `liker${i}@example.test`, full_name: `Liker ${i}` })).id);
    }
    await api.db
      .insertInto('likes')
      .values(likers.map((u) => ({ target_type: 'album', target_id: albumId, user_id: u, created_at: now })))
      .execute();
    const loaded = (await loadAlbum(frank.token, albumId, { page: 1, limit: 1 }, await api.userId('frank@example.com')))!;
    expect(loaded.album.id).toBe(albumId);
    expect(loaded.social).toMatchObject({
      item: { type: 'album', id: albumId },
      likeCount: 57,
      liked: likers.includes(await api.userId('frank@example.com')),
    });
    expect(await loadAlbum(frank.token, 999_999, { page: 1, limit: 1 }, 1)).toBeUndefined();
  });
});

describe('getPhoto / loadPhoto (GET /albums/photos/{id})', () => {
  it('tells the photo’s album, its position and its neighbours in the album’s order', async () => {
    const { id } = await lisbon();
    const ids = (await getAlbum(demo.token, id, { page: 1, limit: 50 }))!.photos.map((p) => p.id);
    const second = (await getPhoto(frank.token, ids[1]!))!;
    expect(second).toMatchObject({
      index: 1,
      album: { id, title: 'Lisbon weekend', photoCount: 5 },
      previous: { id: ids[0] },
      next: { id: ids[2] },
    });
    expect(second.can).toMatchObject({ edit: false, delete: false, share: true });
    const first = (await getPhoto(demo.token, ids[0]!))!;
    expect(first.previous).toBeUndefined();
    expect(first.can).toMatchObject({ edit: true, delete: true });
    expect((await getPhoto(demo.token, ids[4]!))!.next).toBeUndefined();
    const loaded = (await loadPhoto(frank.token, ids[1]!, await api.userId('frank@example.com')))!;
    expect(loaded.social.item).toEqual({ type: 'photo', id: ids[1] });
  });

  it('is undefined for a photo that is not there or that the reader may not see', async () => {
    const dinners = (await listAlbums(demo.token, { mine: true }))!.find((a) => a.title === 'Sunday dinners')!;
    const photoId = (await getAlbum(demo.token, dinners.id, { page: 1, limit: 1 }))!.photos[0]!.id;
    expect(await getPhoto(demo.token, photoId)).toBeDefined();
    expect(await getPhoto(frank.token, photoId)).toBeUndefined();
    expect(await loadPhoto(frank.token, photoId, 1)).toBeUndefined();
    expect(await getPhoto(demo.token, 999_999)).toBeUndefined();
  });

  it('a photo of a message is its owner’s alone, without a count of its album', async () => {
    const { photoId } = await uploadComposePhoto(demo.token, multipart(33, { type: 'message' }));
    const own = (await getPhoto(demo.token, photoId))!;
    expect(own.album.title).toBe('Message Photos');
    expect(own.album.photoCount).toBeUndefined();
    expect(own.can.share).toBe(false);
    expect(await getPhoto(frank.token, photoId)).toBeUndefined();
    // Not listed for anyone else.
    expect((await listAlbums(frank.token, { userId: demo.id }))!.map((a) => a.title)).not.toContain('Message Photos');
  });
});

describe('managing (POST/DELETE /albums/{id}, /albums/{id}/cover, /albums/photos/{id}, /albums/{id}/order)', () => {
  it('edits an album’s settings; the API’s refusal names its field and changes nothing', async () => {
    const { albumId } = await albumOf(demo.token, 1, 'Before');
    await editAlbum(demo.token, albumId, { title: 'After', description: 'Now with words' });
    expect(await getAlbum(demo.token, albumId, { page: 1, limit: 1 })).toMatchObject({ title: 'After', description: 'Now with words' });
    const e = await failure(editAlbum(demo.token, albumId, { title: 'x'.repeat(300) }));
    expect(e.status).toBe(400);
    expect(Object.keys(e.fieldErrors)).toEqual(['title']);
    expect((await getAlbum(demo.token, albumId, { page: 1, limit: 1 }))!.title).toBe('After');
    expect((await failure(editAlbum(frank.token, albumId, { title: 'Mine now' }))).status).toBe(403);
  });

  it('sets the cover the album’s card shows', async () => {
    const { albumId, photoIds } = await albumOf(demo.token, 2);
    await setAlbumCover(demo.token, albumId, photoIds[1]!);
    const cover = (await getPhoto(demo.token, photoIds[1]!))!.thumb;
    expect((await getAlbum(demo.token, albumId, { page: 1, limit: 1 }))!.thumb).toBe(cover);
    expect((await failure(setAlbumCover(frank.token, albumId, photoIds[0]!))).status).toBe(403);
  });

  it('edits a photo’s title and caption, moves it to the end of another album, deletes it', async () => {
    const from = await albumOf(demo.token, 2);
    const to = await albumOf(demo.token, 2);
    const [photoId] = from.photoIds;
    await editPhoto(demo.token, photoId!, { title: 'The lake', caption: 'Early morning' });
    expect(await getPhoto(demo.token, photoId!)).toMatchObject({ title: 'The lake', caption: 'Early morning' });
    const refused = await failure(editPhoto(frank.token, photoId!, { title: 'Not yours' }));
    expect(refused.status).toBe(403);
    await editPhoto(demo.token, photoId!, { albumId: to.albumId });
    expect((await getAlbum(demo.token, to.albumId, { page: 1, limit: 50 }))!.photos.map((p) => p.id)).toEqual([...to.photoIds, photoId]);
    expect((await getPhoto(demo.token, photoId!))!).toMatchObject({ index: 2, album: { id: to.albumId, photoCount: 3 } });
    expect((await getAlbum(demo.token, from.albumId, { page: 1, limit: 50 }))!.photoCount).toBe(1);
    await deletePhoto(demo.token, photoId!);
    expect(await getPhoto(demo.token, photoId!)).toBeUndefined();
  });

  it('reorders an album for its owner only; the order and the neighbours follow', async () => {
    const { albumId, photoIds } = await albumOf(demo.token, 3);
    const order = [photoIds[2]!, photoIds[0]!, photoIds[1]!];
    await reorderAlbum(demo.token, albumId, order);
    expect((await getAlbum(demo.token, albumId, { page: 1, limit: 50 }))!.photos.map((p) => p.id)).toEqual(order);
    expect(await getPhoto(demo.token, photoIds[0]!)).toMatchObject({ index: 1, previous: { id: photoIds[2] }, next: { id: photoIds[1] } });
    expect((await failure(reorderAlbum(frank.token, albumId, photoIds))).status).toBe(403);
    const partial = await failure(reorderAlbum(demo.token, albumId, photoIds.slice(1)));
    expect(partial.status).toBe(400);
    expect(Object.keys(partial.fieldErrors)).toEqual(['photo_ids']);
    expect((await getAlbum(demo.token, albumId, { page: 1, limit: 50 }))!.photos.map((p) => p.id)).toEqual(order);
  });

  it('deletes an album with its photos, for its owner only', async () => {
    const { albumId, photoIds } = await albumOf(demo.token, 2);
    expect((await failure(deleteAlbum(frank.token, albumId))).status).toBe(403);
    expect(await deleteAlbum(demo.token, albumId)).toMatch(/deleted/);
    expect(await getAlbum(demo.token, albumId, { page: 1, limit: 1 })).toBeUndefined();
    expect(await getPhoto(demo.token, photoIds[0]!)).toBeUndefined();
  });
});
