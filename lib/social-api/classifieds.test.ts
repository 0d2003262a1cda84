import { describe, expect, it } from 'vitest';
import { apiFailure as failure } from '../testing/api-failure.ts';
import { png } from '../testing/pictures.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import {
  captionListingPhoto,
  closeListing,
  createListing,
  deleteListing,
  deleteListingPhoto,
  getListing,
  getListingChoices,
  getListingForEditing,
  listListings,
  openListing,
  updateListing,
  uploadListingPhoto,
  type ListingInput,
} from './classifieds.ts';

// The web client's listing reads and the seller's changes against the real api-server over
// loopback HTTP, on fresh demo data: the demo user sells a road bike (3 photos, open), an oak
// table (closed) and a tent.

const api = setupRealApi();
const { demo, frank } = membersOf(api, ['demo', 'frank']);

const picture = (width: number) => ({ file: new Blob([new Uint8Array(png(width, 8))], { type: 'image/png' }), name: `p${width}.png` });
/** A multipart body with its Filedata part and the listing's id, as the browser sends it. */
function photoPart(listingId: number, width: number) {
  const form = new FormData();
  form.append('classified_id', String(listingId));
  const p = picture(width);
  form.append('Filedata', p.file, p.name);
  const res = new Response(form);
  return { body: res.body!, contentType: res.headers.get('content-type')! };
}

const input = (over: Partial<ListingInput> = {}): ListingInput => ({
  title: 'Test lamp',
  body: 'Works fine.\nPick up only.',
  tags: ['lamp', 'light'],
  price: 12.5,
  location: 'Testville',
  ...over,
});

describe('listListings (GET /classifieds, /classifieds/my)', () => {
  it('filters by price range, location, status and photos, and says the price as the API formats it', async () => {
    const found = await listListings(frank.token, { priceMin: 100, priceMax: 500, location: 'portland' });
    expect(found.map((l) => l.title)).toEqual(['Road bike, 54 cm frame']);
    expect(found[0]!).toMatchObject({
      price: '$450.00',
      location: 'Portland, OR',
      closed: false,
      seller: expect.objectContaining({ id: demo.id }),
      thumb: expect.stringMatching(/^https?:\/\//),
    });
    expect(found[0]!.can).toEqual({ edit: false, addPhotos: false, open: false, close: false, delete: false });
    const closed = await listListings(frank.token, { status: 'only_closed', limit: 50 });
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((l) => l.closed)).toBe(true);
    const open = await listListings(frank.token, { status: 'only_open', limit: 50 });
    expect(open.every((l) => !l.closed)).toBe(true);
    const withPhotos = await listListings(frank.token, { withPhotos: true, limit: 50 });
    expect(withPhotos.every((l) => l.thumb)).toBe(true);
    expect(withPhotos.map((l) => l.title)).not.toContain('Dog walking');
  });

  it('pages without gap or repeat; "mine" lists one’s own with what one may do', async () => {
    const all = await listListings(frank.token, { status: 'all', limit: 50 });
    const [p1, p2] = await Promise.all([
      listListings(frank.token, { status: 'all', limit: 4, page: 1 }),
      listListings(frank.token, { status: 'all', limit: 4, page: 2 }),
    ]);
    expect([...p1, ...p2].map((l) => l.id)).toEqual(all.slice(0, 8).map((l) => l.id));
    const mine = await listListings(demo.token, {}, true);
    expect(mine.map((l) => l.title)).toEqual(expect.arrayContaining(['Road bike, 54 cm frame', 'Oak dining table']));
    const table = mine.find((l) => l.title === 'Oak dining table')!;
    expect(table.can).toMatchObject({ edit: true, open: true, close: false, delete: true });
  });

  it('a category that is not one is refused (400)', async () => {
    expect((await failure(listListings(frank.token, { categoryId: 99999 }))).status).toBe(400);
  });
});

describe('getListing (GET /classifieds/{id})', () => {
  it('has its photos with the main one first, its tags, category, cleaned body and social layer', async () => {
    const bike = (await listListings(frank.token, { keywords: 'road bike' }))[0]!;
    const l = (await getListing(frank.token, bike.id, 0))!;
    expect(l.photos).toHaveLength(3);
    expect(l.photos[0]!.main).toBe(true);
    // Each photo's size, from the API's extension, so that its large view is reserved.
    for (const p of l.photos) expect(p.size).toEqual({ width: expect.any(Number), height: expect.any(Number) });
    expect(l.photos[0]!.size!.width).toBeGreaterThan(0);
    expect(l.tags.map((t) => t.title)).toEqual(expect.arrayContaining(['bike', 'cycling']));
    expect(l.category?.title).toBe('For Sale');
    expect(l.html).toContain('new tyres');
    expect(l.social.item).toEqual({ type: 'classified', id: bike.id });
    // When the seller joined, in the same read (an extension): the demo member's account date.
    const joined = await api.db.selectFrom('users').select('joined').where('id', '=', demo.id).executeTakeFirstOrThrow();
    expect(l.sellerSince).toBe(joined.joined * 1000);
  });

  it('what the reader may not see, or what is not there, is undefined', async () => {
    const hidden = await createListing(demo.token, input({ title: 'Only mine', authView: 'owner' }));
    expect(await getListing(demo.token, hidden, demo.id)).toBeDefined();
    expect(await getListing(frank.token, hidden, 0)).toBeUndefined();
    expect((await listListings(frank.token, { keywords: 'only mine', status: 'all' })).length).toBe(0);
    await deleteListing(demo.token, hidden);
    expect(await getListing(frank.token, 99999999, 0)).toBeUndefined();
  });
});

describe('the seller’s changes', () => {
  it('creates with a main photo, adds photos with captions, chooses another main one, edits, closes, reopens, deletes', async () => {
    const listingId = await createListing(demo.token, input(), picture(21));
    let l = (await getListingForEditing(demo.token, listingId))!;
    expect(l).toMatchObject({ title: 'Test lamp', price: '$12.50', location: 'Testville', closed: false });
    expect(l.photos).toHaveLength(1);
    const second = await uploadListingPhoto(demo.token, photoPart(listingId, 22));
    await captionListingPhoto(demo.token, second, 'The switch');
    await updateListing(demo.token, listingId, { ...input({ price: 10 }), mainPhotoId: second });
    l = (await getListingForEditing(demo.token, listingId))!;
    expect(l.photos[0]!).toMatchObject({ id: second, caption: 'The switch', main: true });
    expect(l.price).toBe('$10.00');
    await deleteListingPhoto(demo.token, l.photos[1]!.id);
    expect((await getListingForEditing(demo.token, listingId))!.photos.map((p) => p.id)).toEqual([second]);

    await closeListing(demo.token, listingId);
    expect((await listListings(demo.token, { status: 'only_closed', limit: 50 }, true)).map((x) => x.id)).toContain(listingId);
    expect((await listListings(demo.token, { status: 'only_open', limit: 50 }, true)).map((x) => x.id)).not.toContain(listingId);
    await openListing(demo.token, listingId);
    expect((await getListingForEditing(demo.token, listingId))!.closed).toBe(false);
    await deleteListing(demo.token, listingId);
    expect(await getListingForEditing(demo.token, listingId)).toBeUndefined();
  });

  it('refusals: no title (on its field), a bad price, someone else’s listing, closing twice', async () => {
    const noTitle = await failure(createListing(demo.token, input({ title: '' })));
    expect(noTitle.status).toBe(400);
    expect(Object.keys(noTitle.fieldErrors)).toContain('title');
    const bike = (await listListings(frank.token, { keywords: 'road bike' }))[0]!;
    expect([403, 404]).toContain((await failure(closeListing(frank.token, bike.id))).status);
    expect([403, 404]).toContain((await failure(deleteListing(frank.token, bike.id))).status);
    const table = (await listListings(demo.token, { keywords: 'oak' }, true))[0]!;
    expect((await failure(closeListing(demo.token, table.id))).status).toBeGreaterThanOrEqual(400);
    expect((await failure(uploadListingPhoto(frank.token, photoPart(bike.id, 23)))).status).toBeGreaterThanOrEqual(400);
  });

  it('the form’s choices: categories and privacy options', async () => {
    const c = await getListingChoices(demo.token);
    expect(c.categories.map((x) => x.title)).toEqual(expect.arrayContaining(['For Sale', 'Housing', 'Jobs']));
    expect(c.view.map((o) => o.id)).toContain('everyone');
    expect(c.comment.map((o) => o.id)).toContain('everyone');
  });
});
