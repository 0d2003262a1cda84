import { describe, expect, it } from 'vitest';
import { createListing, getListingForEditing } from '../social-api/classifieds.ts';
import { png } from '../testing/pictures.ts';
import { formRequest, ORIGIN, rawRequest, type Part } from '../testing/multipart.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import type { ListingFormValues } from '../validations/listing.ts';
import { createListingUpload, listingPhotoUpload } from './uploads.ts';
import { streamUpload, type StreamUploadOptions } from '../uploads/stream-upload.ts';

// The listing editor's upload routes (app/api/upload/listing, app/api/upload/listing-photo) as
// the browser meets them, against the real api-server: a new listing made with its main photo in
// one request from fields the route checked and wrote itself, and more photos after it.

const MAX = 64 * 1024;

const api = setupRealApi();
const { demo, alice } = membersOf(api, ['demo', 'alice']);

function route<R>(
  options: Pick<StreamUploadOptions<R>, 'field' | 'label' | 'forward' | 'checkFields' | 'fieldErrors'>,
  token = demo.token,
): StreamUploadOptions<R> {
  return { webOrigin: ORIGIN, maxBytes: MAX, session: async () => ({ accessToken: token }), ...options };
}

const values = (over: Partial<ListingFormValues> = {}): ListingFormValues => ({
  title: 'Road bike, 54 cm',
  body: '<p>Serviced in <strong>May</strong>.</p>',
  categoryId: '',
  tags: ['bike', 'road'],
  price: '1,250.50',
  location: 'Harbour district',
  authView: 'everyone',
  authComment: 'everyone',
  ...over,
});

const mainPhoto = (file = png(30, 20), fileName = 'front.png'): Part => ({ name: 'photo', file, fileName });

async function myListingCount(): Promise<number> {
  const rows = await api.db.selectFrom('classifieds').select('id').where('owner_id', '=', demo.id).execute();
  return rows.length;
}

async function answer(res: Response) {
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /api/upload/listing: a new listing with its main photo', () => {
  it('makes the listing from the checked form and the photo as its main photo, answering its id, formatted price and the photo’s id', async () => {
    const res = await streamUpload(
      await formRequest([{ name: 'listing', value: JSON.stringify(values()) }, mainPhoto()]),
      route(createListingUpload),
    );
    const { status, body } = await answer(res);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: expect.any(Number), price: '$1,250.50', photo_id: expect.any(Number) });
    const made = (await getListingForEditing(demo.token, body.id as number))!;
    expect(made).toMatchObject({ title: 'Road bike, 54 cm', location: 'Harbour district', price: '$1,250.50' });
    expect(made.tags.map((t) => t.title)).toEqual(['bike', 'road']);
    expect(made.photos).toEqual([expect.objectContaining({ id: body.photo_id, main: true })]);
    // The picture the API keeps is the one sent.
    const row = await api.db
      .selectFrom('classified_photos')
      .select('image_key')
      .where('id', '=', body.photo_id as number)
      .executeTakeFirstOrThrow();
    expect(row.image_key).toBeTruthy();
  });

  it('arrives whole when the body comes a few bytes at a time', async () => {
    const res = await streamUpload(
      await formRequest([{ name: 'listing', value: JSON.stringify(values({ title: 'Trickled' })) }, mainPhoto(png(40, 40))], {}, 7),
      route(createListingUpload),
    );
    const { status, body } = await answer(res);
    expect(status).toBe(200);
    expect((await getListingForEditing(demo.token, body.id as number))!.title).toBe('Trickled');
  });

  it('refuses a form that does not pass the editor’s schema with its field errors, and makes nothing', async () => {
    const before = await myListingCount();
    const res = await streamUpload(
      await formRequest([{ name: 'listing', value: JSON.stringify(values({ title: '  ', price: 'cheap' })) }, mainPhoto()]),
      route(createListingUpload),
    );
    const { status, body } = await answer(res);
    expect(status).toBe(400);
    expect(body.field_errors).toEqual({ title: 'Give your listing a title.', price: 'Write the price as a number, like 450 or 12.50.' });
    for (const fields of [[], [{ name: 'listing', value: '{not json' }]] as Part[][]) {
      const r = await answer(await streamUpload(await formRequest([...fields, mainPhoto()]), route(createListingUpload)));
      expect(r.status).toBe(400);
      expect(r.body.field_errors).toEqual({ form: 'The listing’s fields were not sent.' });
    }
    expect(await myListingCount()).toBe(before);
  });

  it('sends the API only the fields it wrote: fields of the browser’s own beside the form are not passed on', async () => {
    const other = await createListing(alice.token, { title: 'Alice’s lamp', body: 'Lamp.', tags: [], price: 5, location: '' });
    const res = await streamUpload(
      await formRequest([
        { name: 'title', value: 'Injected' },
        { name: 'main_photo_id', value: '1' },
        { name: 'auth_view', value: 'owner' },
        { name: 'listing', value: JSON.stringify(values({ title: 'As typed' })) },
        mainPhoto(),
      ]),
      route(createListingUpload),
    );
    const { status, body } = await answer(res);
    expect(status).toBe(200);
    const made = (await getListingForEditing(demo.token, body.id as number))!;
    expect(made.title).toBe('As typed');
    // Privacy came from the form (everyone): Alice, who is no friend of the test, sees it.
    expect(await getListingForEditing(alice.token, made.id)).toBeDefined();
    expect((await getListingForEditing(alice.token, other))!.title).toBe('Alice’s lamp');
  });

  it('refuses a file that is not a photo, and one too large, before the listing is made', async () => {
    const before = await myListingCount();
    const text: Part = { name: 'photo', file: Buffer.from('plain words, not a picture'), fileName: 'notes.png' };
    const r1 = await answer(
      await streamUpload(await formRequest([{ name: 'listing', value: JSON.stringify(values()) }, text]), route(createListingUpload)),
    );
    expect(r1.status).toBe(415);
    const r2 = await answer(
      await streamUpload(
        await formRequest([{ name: 'listing', value: JSON.stringify(values()) }, mainPhoto(png(300, 300))]),
        route(createListingUpload),
      ),
    );
    expect(r2.status).toBe(413);
    expect(await myListingCount()).toBe(before);
  });

  it('refuses a form whose words hold the body’s own boundary (it could not be written into that body)', async () => {
    const before = await myListingCount();
    const boundary = 'xyzBOUNDARY123';
    const title = `A --${boundary} trap`;
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="listing"\r\n\r\n${JSON.stringify(values({ title }))}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ];
    const body = Buffer.concat([Buffer.from(parts.join('')), png(10, 10), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const req = rawRequest(body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
    });
    expect((await streamUpload(req, route(createListingUpload))).status).toBe(400);
    expect(await myListingCount()).toBe(before);
  });
});

describe('POST /api/upload/listing-photo: more photos of a listing', () => {
  it('adds a photo to one’s listing (the first one becomes the main photo) and answers its id', async () => {
    const id = await createListing(demo.token, { title: 'Desk', body: 'Oak.', tags: [], price: 80, location: '' });
    const first = await answer(
      await streamUpload(
        await formRequest([
          { name: 'classified_id', value: String(id) },
          { name: 'Filedata', file: png(20, 20), fileName: 'a.png' },
        ]),
        route(listingPhotoUpload),
      ),
    );
    const second = await answer(
      await streamUpload(
        await formRequest([
          { name: 'classified_id', value: String(id) },
          { name: 'Filedata', file: png(21, 20), fileName: 'b.png' },
        ]),
        route(listingPhotoUpload),
      ),
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    const photos = (await getListingForEditing(demo.token, id))!.photos;
    expect(photos.map((p) => [p.id, p.main])).toEqual([
      [first.body.photo_id, true],
      [second.body.photo_id, false],
    ]);
  });

  it('passes on the API’s refusal of someone else’s listing, and answers 404 without a listing id', async () => {
    const theirs = await createListing(alice.token, { title: 'Alice’s chair', body: 'Chair.', tags: [], price: 15, location: '' });
    const refused = await answer(
      await streamUpload(
        await formRequest([
          { name: 'classified_id', value: String(theirs) },
          { name: 'Filedata', file: png(20, 20), fileName: 'a.png' },
        ]),
        route(listingPhotoUpload),
      ),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/owner/i);
    expect((await getListingForEditing(alice.token, theirs))!.photos).toEqual([]);
    for (const id of [undefined, 'abc', '0']) {
      const parts: Part[] = [
        ...(id === undefined ? [] : [{ name: 'classified_id', value: id }]),
        { name: 'Filedata', file: png(20, 20), fileName: 'a.png' },
      ];
      expect((await streamUpload(await formRequest(parts), route(listingPhotoUpload))).status, String(id)).toBe(404);
    }
  });
});
