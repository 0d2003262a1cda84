import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiRelay } from '../testing/api-relay.ts';
import { startRealApi, type RealApi } from '../testing/real-api.ts';
import { getAlbum, listAlbums, loadAlbum, loadPhoto } from './albums.ts';

// The web client against a server that follows the document and nothing more: a relay in
// front of the real api-server refuses every `fields` name the document does not list (400
// naming `fields`, as the document's rule 4 has it), so our extension fields are never given.
// The client must ask again with the document's fields and still show each page whole.

/** The document's field names (Album, Album detail, Photo); anything else is refused. */
const DOCUMENT_FIELDS = new Set([
  'id', 'type', 'thumb', 'title', 'description', 'owner', 'total_photo', 'can_upload', 'can_editphotos', 'can_edit', 'can_delete',
  'photos', 'img', 'date', 'album', 'photo_index', 'next_photo', 'previous_photo', 'can_tag', 'can_share', 'can_report',
  'can_make_profile_photo',
]);

let api: RealApi;
let relay: Awaited<ReturnType<typeof startApiRelay>>;
let asked: string[] = [];
let demo: string;
let frankId: number;
let frank: string;

beforeAll(async () => {
  api = await startRealApi();
  relay = await startApiRelay(api, (_req, res, _path, url) => {
    const fields = url.searchParams.get('fields');
    if (fields !== null) asked.push(`${url.pathname} ${fields}`);
    const unknown = (fields ?? '').split(',').filter((f) => f && !DOCUMENT_FIELDS.has(f));
    if (!unknown.length) return false;
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: false, data: { message: 'Invalid parameters.', error_text: 'invalid_parameters', error_params: [{ name: 'fields', error_text: 'invalid_parameter', message: `unknown field ${unknown[0]}` }] } }));
    return true;
  });
  demo = await api.tokenOf('demo@example.com');
  frank = await api.tokenOf('frank@example.com');
  frankId = await api.userId('frank@example.com');
}, 120_000);
afterAll(async () => {
  await relay?.close();
  await api?.close();
});

const lisbon = async () => (await listAlbums(demo, { mine: true }))!.find((a) => a.title === 'Lisbon weekend')!;

describe('against a server of the document alone', () => {
  it('an album: asked again with the document’s fields; no category, no settings (the edit form keeps them), the social layer from the core endpoints', async () => {
    const { id } = await lisbon();
    asked = [];
    const album = (await getAlbum(demo, id, { page: 1, limit: 50 }))!;
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('category');
    expect(asked[1]).not.toContain('category');
    expect(album).toMatchObject({ id, title: 'Lisbon weekend', photoCount: 5, can: { edit: true } });
    expect(album.category).toBeUndefined();
    expect(album.settings).toBeUndefined();

    const loaded = (await loadAlbum(frank, id, { page: 1, limit: 50 }, frankId))!;
    expect(loaded.album.photos).toHaveLength(5);
    expect(loaded.social.item).toEqual({ type: 'album', id });
    expect(loaded.social.can).toMatchObject({ like: true, comment: true, share: true });
  });

  it('a photo: its page whole, its own share and report flags', async () => {
    const { id } = await lisbon();
    const photoId = (await getAlbum(demo, id, { page: 1, limit: 1 }))!.photos[0]!.id;
    const loaded = (await loadPhoto(frank, photoId, frankId))!;
    expect(loaded.photo).toMatchObject({ id: photoId, index: 0, album: { id } });
    expect(loaded.social).toMatchObject({ item: { type: 'photo', id: photoId }, can: { share: true, report: true } });
    expect(await loadPhoto(frank, 999_999, frankId)).toBeUndefined();
  });
});
