import { describe, expect, it } from 'vitest';
import { uploadAlbumPhoto } from '../social-api/album-upload.ts';
import { apiFetch } from '../social-api/client.ts';
import { png } from '../testing/pictures.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import type { AlbumSettingsValues } from '../validations/album.ts';
import { saveAlbumUploadCommand } from './upload-commands.ts';

// Saving the "Add photos" page (what components/albums/upload/actions.ts runs for the
// signed-in person) against the real api-server over loopback HTTP, on a fresh demo database.

const api = setupRealApi();
const { demo, alice } = membersOf(api, ['demo', 'alice']);

let pictures = 0;
/** Uploads `n` photos for the token's user as the upload route does (a multipart stream); answers their ids in upload order. */
async function uploads(token: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    pictures += 1;
    const form = new FormData();
    form.append('Filedata', new Blob([new Uint8Array(png(8 + pictures, 8))], { type: 'image/png' }), `p${pictures}.png`);
    const body = new Response(form);
    ids.push((await uploadAlbumPhoto(token, { body: body.body!, contentType: body.headers.get('content-type')! })).photoId);
  }
  return ids;
}

const settings = (over: Partial<AlbumSettingsValues> = {}): AlbumSettingsValues => ({
  title: 'Harbour walk',
  categoryId: '',
  description: '',
  authView: 'everyone',
  authComment: 'everyone',
  authTag: 'owner_member',
  searchable: true,
  ...over,
});

/** The album's photos as the API shows them (the album's order). */
async function albumPhotoIds(albumId: number): Promise<number[]> {
  const data = await apiFetch<{ photos: Array<{ id: number }> }>({ baseUrl: api.baseUrl, timeoutMs: 10_000 }, `/albums/${albumId}`, {
    token: demo.token,
    query: { fields: 'id,photos', photo_fields: 'id', photo_limit: 50 },
  });
  return data.photos.map((p) => p.id);
}

const albumsOf = async (userId: number) => (await api.db.selectFrom('albums').select('id').where('owner_id', '=', userId).execute()).length;
const pendingOf = async (ids: number[]) =>
  (await api.db.selectFrom('photos').select('id').where('id', 'in', ids).where('album_id', 'is', null).execute()).length;

describe('saving uploaded photos into a new album', () => {
  it('makes the album with its settings and puts the photos in it in the order given', async () => {
    const [a, b, c] = await uploads(demo.token, 3);
    const category = await api.db.selectFrom('categories').select('id').where('module', '=', 'album').executeTakeFirstOrThrow();
    const res = await saveAlbumUploadCommand(demo.token, {
      photoIds: [c, a, b],
      album: settings({
        title: '  Harbour walk  ',
        categoryId: String(category.id),
        description: 'Early, before the boats',
        authView: 'owner_member',
        authTag: 'owner',
        searchable: false,
      }),
    });
    expect(res).toEqual({ ok: true, message: '3 photos were added to the album.', data: { albumId: expect.any(Number) } });
    if (!res.ok) return;
    const album = await api.db.selectFrom('albums').selectAll().where('id', '=', res.data.albumId).executeTakeFirstOrThrow();
    expect(album).toMatchObject({
      owner_id: demo.id,
      title: 'Harbour walk',
      category_id: category.id,
      description: 'Early, before the boats',
      auth_view: 'owner_member',
      auth_comment: 'everyone',
      auth_tag: 'owner',
      allow_search: 0,
    });
    expect(await albumPhotoIds(res.data.albumId)).toEqual([c, a, b]);
  });

  it('adds to an album one owns, after the photos already there', async () => {
    const first = await uploads(demo.token, 2);
    const made = await saveAlbumUploadCommand(demo.token, { photoIds: first, album: settings() });
    if (!made.ok) throw new Error(made.message);
    const [x, y] = await uploads(demo.token, 2);
    const res = await saveAlbumUploadCommand(demo.token, { photoIds: [y!, x!], albumId: made.data.albumId });
    expect(res).toEqual({ ok: true, message: '2 photos were added to the album.', data: { albumId: made.data.albumId } });
    expect(await albumPhotoIds(made.data.albumId)).toEqual([...first, y, x]);
  });
});

describe('refusals: the same checks as the form, before anything reaches the API', () => {
  it('names the field of each problem and changes nothing', async () => {
    const ids = await uploads(demo.token, 1);
    const albums = await albumsOf(demo.id);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ photoIds: ids, album: settings({ title: '   ' }) }, { title: 'Give the album a title.' }],
      [{ photoIds: ids, album: settings({ title: 'x'.repeat(256) }) }, { title: 'Keep the title under 255 characters.' }],
      [{ photoIds: ids, album: settings({ categoryId: 'travel' }) }, { categoryId: 'Choose a category from the list.' }],
      [{ photoIds: ids, album: settings({ authView: '' }) }, { authView: 'Choose who this applies to.' }],
      [{ photoIds: [], album: settings() }, { photos: 'Add at least one photo.' }],
      [{ photoIds: [ids[0], ids[0]], album: settings() }, { photos: 'A photo is listed twice.' }],
      [
        { photoIds: Array.from({ length: 101 }, (_, i) => i + 1), album: settings() },
        { photos: 'An album takes at most 100 photos at a time: save these, then add the rest.' },
      ],
      [{ photoIds: ids, album: settings(), albumId: 1 }, { form: 'Choose the album the photos go into, or make a new one.' }],
      [{ photoIds: ids }, { form: 'Choose the album the photos go into, or make a new one.' }],
    ];
    for (const [input, fieldErrors] of cases) {
      expect(await saveAlbumUploadCommand(demo.token, input)).toEqual({ ok: false, message: 'Check the highlighted fields.', fieldErrors });
    }
    for (const bad of [0, -3, 1.5, '12', null]) {
      const res = await saveAlbumUploadCommand(demo.token, { photoIds: [bad], album: settings() });
      expect(res.ok).toBe(false);
      expect(!res.ok && res.fieldErrors?.photos).toBeTruthy();
    }
    expect(await albumsOf(demo.id)).toBe(albums);
    expect(await pendingOf(ids)).toBe(1);
  });
});

describe('what the API refuses comes back on the field it concerns, and the photos stay uploaded', () => {
  it('a category of another module lands on the category', async () => {
    const ids = await uploads(demo.token, 1);
    const blogCategory = await api.db.selectFrom('categories').select('id').where('module', '=', 'blog').executeTakeFirstOrThrow();
    const res = await saveAlbumUploadCommand(demo.token, { photoIds: ids, album: settings({ categoryId: String(blogCategory.id) }) });
    expect(res).toEqual({ ok: false, message: expect.any(String), fieldErrors: { categoryId: 'is not a category of this module' } });
    expect(await pendingOf(ids)).toBe(1);
  });

  it('someone else’s upload lands on the photos', async () => {
    const [theirs] = await uploads(alice.token, 1);
    const res = await saveAlbumUploadCommand(demo.token, { photoIds: [theirs], album: settings() });
    expect(res.ok).toBe(false);
    expect(!res.ok && res.fieldErrors?.photos).toMatch(/not your uploads waiting for an album/);
  });

  it('an album one may not add to is refused with the API’s reason', async () => {
    const ids = await uploads(demo.token, 1);
    const hers = await api.db
      .selectFrom('albums')
      .select('id')
      .where('owner_id', '=', alice.id)
      .where('auth_view', '=', 'everyone')
      .where('kind', '=', 'normal')
      .executeTakeFirstOrThrow();
    const res = await saveAlbumUploadCommand(demo.token, { photoIds: ids, albumId: hers.id });
    expect(res).toEqual({ ok: false, message: 'You may not add photos to this album.' });
    expect(await pendingOf(ids)).toBe(1);
  });
});

describe('descriptions of the photos added', () => {
  it("saves each photo's description with it (its alt text), '' leaving a photo without one", async () => {
    const [a, b, c] = await uploads(demo.token, 3);
    const res = await saveAlbumUploadCommand(demo.token, {
      photoIds: [a, b, c],
      descriptions: ['  A gull on a post  ', '', 'Nets drying on the quay'],
      album: settings({ title: 'Described' }),
    });
    expect(res.ok).toBe(true);
    const described = await api.db
      .selectFrom('photos')
      .select(['id', 'description'])
      .where('id', 'in', [a!, b!, c!])
      .orderBy('id')
      .execute();
    expect(described.map((p) => p.description)).toEqual(['A gull on a post', '', 'Nets drying on the quay']);
  });

  it('refuses descriptions that do not go one to a photo, or one too long, and changes nothing', async () => {
    const [a, b] = await uploads(demo.token, 2);
    const short = await saveAlbumUploadCommand(demo.token, { photoIds: [a, b], descriptions: ['Only one'], album: settings() });
    expect(short.ok).toBe(false);
    const long = await saveAlbumUploadCommand(demo.token, { photoIds: [a, b], descriptions: ['x'.repeat(5001), ''], album: settings() });
    expect(long.ok).toBe(false);
    expect(await pendingOf([a!, b!])).toBe(2);
    const rows = await api.db.selectFrom('photos').select('description').where('id', 'in', [a!, b!]).execute();
    expect(rows.every((p) => p.description === '')).toBe(true);
  });
});
