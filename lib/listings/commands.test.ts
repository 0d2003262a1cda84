import { describe, expect, it } from 'vitest';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import {
  createListing,
  deleteListing,
  getListingForEditing,
  listListings,
  uploadListingPhoto,
  type ListingInput,
} from '../social-api/classifieds.ts';
import { png } from '../testing/pictures.ts';
import { LISTING_BULK_MAX, listingBulkSchema, priceTextSchema } from '../validations/listing.ts';
import {
  bulkListingsCommand,
  deleteListingCommand,
  deleteListingPhotoCommand,
  saveListingPhotosCommand,
  setListingPriceCommand,
  setListingStateCommand,
} from './commands.ts';

// The listing commands (what components/listings/actions.ts runs for the signed-in person)
// against the real api-server over loopback HTTP, on a fresh copy of the demo data.

const api = setupRealApi();
const { demo, alice } = membersOf(api, ['demo', 'alice']);

const input = (title: string): ListingInput => ({ title, body: 'For the commands test.', tags: [], price: 10, location: 'Cmdville' });
const make = (n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => createListing(demo.token, input(`Bulk ${i} ${Math.random().toString(36).slice(2, 7)}`))));

describe('the schemas', () => {
  it('a price as typed: empty is none, thousands commas and two decimals are fine; anything else is refused with a sentence', () => {
    expect(priceTextSchema.parse('')).toBeNull();
    expect(priceTextSchema.parse(' 1,250.50 ')).toBe(1250.5);
    expect(priceTextSchema.parse('0')).toBe(0);
    for (const bad of ['-3', '12.345', 'cheap', '1,25', '1e3', '9999999999']) {
      const r = priceTextSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/price/i);
    }
  });

  it('a bulk action needs a known action and 1 to 50 positive ids', () => {
    expect(listingBulkSchema.safeParse({ action: 'close', ids: [1, 2] }).success).toBe(true);
    for (const bad of [
      { action: 'sell', ids: [1] },
      { action: 'close', ids: [] },
      { action: 'open', ids: [0] },
      { action: 'delete', ids: [1.5] },
      { action: 'close', ids: Array.from({ length: LISTING_BULK_MAX + 1 }, (_, i) => i + 1) },
    ]) {
      expect(listingBulkSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('bulkListingsCommand', () => {
  it('closes three at once, each row with its result; reopens two; deletes one', async () => {
    const ids = await make(3);
    const closed = await bulkListingsCommand(demo.token, { action: 'close', ids });
    expect(closed).toMatchObject({ ok: true, message: '3 listings closed.' });
    expect(closed.ok && closed.data).toEqual(ids.map((id) => ({ id, ok: true, message: 'Closed.' })));
    for (const id of ids) expect((await getListingForEditing(demo.token, id))!.closed).toBe(true);
    const reopened = await bulkListingsCommand(demo.token, { action: 'open', ids: ids.slice(0, 2) });
    expect(reopened).toMatchObject({ ok: true, message: '2 listings reopened.' });
    expect((await getListingForEditing(demo.token, ids[2]!))!.closed).toBe(true);
    const deleted = await bulkListingsCommand(demo.token, { action: 'delete', ids: [ids[0]!] });
    expect(deleted).toMatchObject({ ok: true, message: '1 listing deleted.' });
    expect(await getListingForEditing(demo.token, ids[0]!)).toBeUndefined();
  });

  it('a listing deleted meanwhile fails on its own row and the others are done', async () => {
    const ids = await make(3);
    await deleteListing(demo.token, ids[1]!);
    const res = await bulkListingsCommand(demo.token, { action: 'close', ids });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.message).toBe('2 listings closed; 1 listing could not be: see the rows marked.');
    expect(res.data).toEqual([
      { id: ids[0], ok: true, message: 'Closed.' },
      { id: ids[1], ok: false, message: 'This listing is no longer there: it may have been deleted.' },
      { id: ids[2], ok: true, message: 'Closed.' },
    ]);
    expect((await getListingForEditing(demo.token, ids[2]!))!.closed).toBe(true);
  });

  it('someone else’s listings are refused row by row and nothing of theirs changes', async () => {
    const [bike] = await listListings(demo.token, { keywords: 'road bike' }, true);
    const res = await bulkListingsCommand(alice.token, { action: 'delete', ids: [bike!.id] });
    expect(res.ok && res.data[0]).toMatchObject({ id: bike!.id, ok: false });
    expect(await getListingForEditing(demo.token, bike!.id)).toBeDefined();
  });

  it('what no form of ours sends is refused before the API', async () => {
    expect(await bulkListingsCommand(demo.token, { action: 'sell', ids: [1] })).toMatchObject({ ok: false });
    expect(await bulkListingsCommand(demo.token, { action: 'close', ids: [] })).toMatchObject({
      ok: false,
      message: 'Select at least one listing.',
    });
    expect(await setListingStateCommand(demo.token, { id: '1', open: true })).toMatchObject({ ok: false });
    expect(await deleteListingCommand(demo.token, { id: -1 })).toMatchObject({ ok: false });
  });
});

describe('the other commands', () => {
  it('close and reopen from the page; closing a closed listing is refused with a sentence', async () => {
    const [id] = await make(1);
    expect(await setListingStateCommand(demo.token, { id, open: false })).toMatchObject({ ok: true, data: { open: false } });
    const again = await setListingStateCommand(demo.token, { id, open: false });
    expect(again.ok).toBe(false);
    expect(again.ok ? '' : again.message).not.toBe('');
    expect(await setListingStateCommand(alice.token, { id, open: true })).toMatchObject({ ok: false });
    expect(await setListingStateCommand(demo.token, { id, open: true })).toMatchObject({ ok: true, data: { open: true } });
  });

  it('the price in place: saved as typed, a bad one is refused on the price field, nothing changed', async () => {
    const [id] = await make(1);
    expect(await setListingPriceCommand(demo.token, { id, price: '1,250' })).toMatchObject({ ok: true });
    expect((await getListingForEditing(demo.token, id!))!.price).toBe('$1,250.00');
    const bad = await setListingPriceCommand(demo.token, { id, price: '12.345' });
    expect(bad).toMatchObject({ ok: false, fieldErrors: { price: expect.stringMatching(/price/i) } });
    expect((await getListingForEditing(demo.token, id!))!.price).toBe('$1,250.00');
    expect(await setListingPriceCommand(alice.token, { id, price: '1' })).toMatchObject({ ok: false });
    expect(await deleteListingCommand(alice.token, { id })).toMatchObject({ ok: false });
  });
});

/** A photo added to a listing straight through the API (as the upload route passes it on). */
async function addPhoto(token: string, listingId: number, width: number): Promise<number> {
  const form = new FormData();
  form.append('classified_id', String(listingId));
  form.append('Filedata', new Blob([new Uint8Array(png(width, 16))], { type: 'image/png' }), `p${width}.png`);
  const res = new Response(form);
  return uploadListingPhoto(token, { body: res.body!, contentType: res.headers.get('content-type')! });
}

describe('a listing’s photos', () => {
  it('saves changed captions and another main photo; the listing shows them, main first', async () => {
    const id = await createListing(demo.token, input('Photos'));
    const [a, b, c] = [await addPhoto(demo.token, id, 20), await addPhoto(demo.token, id, 21), await addPhoto(demo.token, id, 22)];
    const res = await saveListingPhotosCommand(demo.token, {
      listingId: id,
      captions: [
        { photoId: b!, caption: '  The left side ' },
        { photoId: c!, caption: 'Scratch on the back' },
      ],
      mainPhotoId: c,
    });
    expect(res).toMatchObject({ ok: true, message: 'The photos were saved.' });
    const photos = (await getListingForEditing(demo.token, id))!.photos;
    expect(photos.map((p) => [p.id, p.caption, p.main])).toEqual([
      [c, 'Scratch on the back', true],
      [a, '', false],
      [b, 'The left side', false],
    ]);
  });

  it('refuses a caption that is too long, another listing’s photo as the main one, and another member’s photos, changing nothing', async () => {
    const id = await createListing(demo.token, input('Refusals'));
    const own = await addPhoto(demo.token, id, 23);
    const elsewhere = await addPhoto(demo.token, await createListing(demo.token, input('Elsewhere')), 24);
    const long = await saveListingPhotosCommand(demo.token, { listingId: id, captions: [{ photoId: own, caption: 'x'.repeat(1001) }] });
    expect(long).toMatchObject({ ok: false, message: 'Keep a caption under 1000 characters.' });
    const wrongMain = await saveListingPhotosCommand(demo.token, { listingId: id, captions: [], mainPhotoId: elsewhere });
    expect(wrongMain).toMatchObject({ ok: false, message: 'That photo is no longer one of this listing’s: choose another main photo.' });
    const notYours = await saveListingPhotosCommand(alice.token, { listingId: id, captions: [{ photoId: own, caption: 'Mine now' }] });
    expect(notYours.ok).toBe(false);
    expect(await deleteListingPhotoCommand(alice.token, { photoId: own })).toMatchObject({ ok: false });
    expect((await getListingForEditing(demo.token, id))!.photos).toEqual([expect.objectContaining({ id: own, caption: '', main: true })]);
    expect((await saveListingPhotosCommand(demo.token, { listingId: 'x', captions: [] })).ok).toBe(false);
  });

  it('deletes a photo; deleting the main photo makes the oldest one left the main photo', async () => {
    const id = await createListing(demo.token, input('Deletes'));
    const [a, b, c] = [await addPhoto(demo.token, id, 25), await addPhoto(demo.token, id, 26), await addPhoto(demo.token, id, 27)];
    await saveListingPhotosCommand(demo.token, { listingId: id, captions: [], mainPhotoId: c });
    expect(await deleteListingPhotoCommand(demo.token, { photoId: c })).toMatchObject({ ok: true, message: 'The photo was deleted.' });
    expect((await getListingForEditing(demo.token, id))!.photos.map((p) => [p.id, p.main])).toEqual([
      [a, true],
      [b, false],
    ]);
    // Already gone is what was asked.
    expect((await deleteListingPhotoCommand(demo.token, { photoId: c })).ok).toBe(true);
  });
});
