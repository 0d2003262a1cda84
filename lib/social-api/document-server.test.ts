import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../../api-server/test/helpers.ts';
import { makeAlbum } from '../../api-server/test/routes/albums/album-fixtures.ts';
import { apiError, startRelay, type Relay } from '../testing/relay.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { albumsToAddTo, getAlbum, listAlbums, loadAlbum, loadPhoto } from './albums.ts';

// The web client against a server that follows the document and nothing more: a relay in
// front of the real api-server refuses every `fields` name the document does not list (400
// naming `fields`, as the document's rule 4 has it), so our extension fields are never given.
// The client must ask again with the document's fields and still show each page whole.

/** The document's field names (Album, Album detail, Photo); anything else is refused. */
const DOCUMENT_FIELDS = new Set([
  'id',
  'type',
  'thumb',
  'title',
  'description',
  'owner',
  'total_photo',
  'can_upload',
  'can_editphotos',
  'can_edit',
  'can_delete',
  'photos',
  'img',
  'date',
  'album',
  'photo_index',
  'next_photo',
  'previous_photo',
  'can_tag',
  'can_share',
  'can_report',
  'can_make_profile_photo',
]);
/** The document's field names of an album list: none of the detail's flags. */
const DOCUMENT_LIST_FIELDS = new Set(['id', 'type', 'thumb', 'title', 'description', 'owner', 'total_photo']);
const isAlbumList = (path: string) => /\/albums(\/my)?$/.test(path);

const api = setupRealApi();
const { demo, frank } = membersOf(api, ['demo', 'frank']);
let relay: Relay;
let asked: string[] = [];

beforeAll(async () => {
  relay = await startRelay(api.baseUrl, (url) => {
    const fields = url.searchParams.get('fields');
    if (fields !== null) asked.push(`${url.pathname} ${fields}`);
    const allowed = isAlbumList(url.pathname) ? DOCUMENT_LIST_FIELDS : DOCUMENT_FIELDS;
    const unknown = (fields ?? '').split(',').filter((f) => f && !allowed.has(f));
    return unknown.length
      ? apiError(400, 'invalid_parameters', 'Invalid parameters.', [{ name: 'fields', message: `unknown field ${unknown[0]}` }])
      : undefined;
  });
  process.env.SOCIAL_API_URL = relay.baseUrl;
});
afterAll(async () => {
  await relay?.close();
});

const lisbon = async () => (await listAlbums(demo.token, { mine: true }))!.find((a) => a.title === 'Lisbon weekend')!;

describe('against a server of the document alone', () => {
  it('an album: asked again with the document’s fields; no category, no settings (the edit form keeps them), the social layer from the core endpoints', async () => {
    const { id } = await lisbon();
    asked = [];
    const album = (await getAlbum(demo.token, id, { page: 1, limit: 50 }))!;
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('category');
    expect(asked[1]).not.toContain('category');
    expect(album).toMatchObject({ id, title: 'Lisbon weekend', photoCount: 5, can: { edit: true } });
    expect(album.category).toBeUndefined();
    expect(album.settings).toBeUndefined();

    const loaded = (await loadAlbum(frank.token, id, { page: 1, limit: 50 }, frank.id))!;
    expect(loaded.album.photos).toHaveLength(5);
    expect(loaded.social.item).toEqual({ type: 'album', id });
    expect(loaded.social.can).toMatchObject({ like: true, comment: true, share: true });
  });

  it('a photo: its page whole, its own share and report flags', async () => {
    const { id } = await lisbon();
    const photoId = (await getAlbum(demo.token, id, { page: 1, limit: 1 }))!.photos[0]!.id;
    const loaded = (await loadPhoto(frank.token, photoId, frank.id))!;
    expect(loaded.photo).toMatchObject({ id: photoId, index: 0, album: { id } });
    expect(loaded.social).toMatchObject({ item: { type: 'photo', id: photoId }, can: { share: true, report: true } });
    expect(await loadPhoto(frank.token, 999_999, frank.id)).toBeUndefined();
  });

  it('the albums a photo may move to: every one of one’s own past a page of 50, a call a page (the list cannot tell which the API fills itself: its refusal will)', async () => {
    const owner = (await createUser(api.db, { full_name: 'Many Albums' })).id;
    const token = await tokenFor(api.db, owner);
    const ids: number[] = [];
    for (let i = 1; i <= 54; i += 1) ids.push(await makeAlbum(api.db, owner, { title: `Album ${i}` }));
    ids.push(await makeAlbum(api.db, owner, { title: 'Wall Photos', kind: 'wall' }));
    asked = [];
    const open = await albumsToAddTo(token);
    expect(open.complete).toBe(true);
    expect(open.albums.map((a) => a.id).sort((a, b) => a - b)).toEqual(ids);
    expect(asked).toEqual(['/api/v1/albums/my id,title,can_upload', '/api/v1/albums/my id,title', '/api/v1/albums/my id,title']);
  });
});
