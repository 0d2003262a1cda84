import { beforeAll, describe, expect, it } from 'vitest';
import { uploadAlbumPhoto } from '../social-api/album-upload.ts';
import { png } from '../testing/pictures.ts';
import { formRequest, ORIGIN, rawRequest, type Part } from '../testing/multipart.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { streamUpload, type StreamUploadOptions } from './stream-upload.ts';

// The BFF's photo upload route (app/api/upload/photos, and the compose box's beside it) as the
// browser meets it: what it refuses, and that it refuses before anything reaches the API; and
// that what it lets through arrives at the real api-server as the photo that was sent.

const MAX = 64 * 1024;

const api = setupRealApi();
const { demo } = membersOf(api, ['demo']);
let token: string;

beforeAll(async () => {
  token = await api.tokenOf('demo@example.com');
});

/** The demo user's photos that wait for an album (what photo_upload made). */
async function pendingPhotos(): Promise<number> {
  const rows = await api.db.selectFrom('photos').select('id').where('owner_id', '=', demo.id).where('album_id', 'is', null).execute();
  return rows.length;
}

let sessionReads = 0;
function options(overrides: Partial<StreamUploadOptions<{ photo_id: number }>> = {}): StreamUploadOptions<{ photo_id: number }> {
  return {
    webOrigin: ORIGIN,
    maxBytes: MAX,
    field: 'Filedata',
    session: async () => {
      sessionReads += 1;
      return { accessToken: token };
    },
    forward: async (t, upload, signal) => ({ photo_id: (await uploadAlbumPhoto(t, upload, signal)).photoId }),
    label: 'test',
    ...overrides,
  };
}

const photo = (fileName = 'lake.png', file = png(16, 16)): Part => ({ name: 'Filedata', file, fileName });

async function refusal(res: Response) {
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

describe('POST /api/upload/photos: refusals, before anything reaches the API', () => {
  it('refuses another site (Origin), a cross-site fetch (Sec-Fetch-Site) and a request without Origin with 403, without reading the session', async () => {
    const before = { pending: await pendingPhotos(), reads: sessionReads };
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: undefined },
    ]) {
      const res = await streamUpload(await formRequest([photo()], headers), options());
      expect(await refusal(res)).toEqual({ status: 403, message: 'This upload did not come from this site.' });
    }
    expect(sessionReads).toBe(before.reads);
    expect(await pendingPhotos()).toBe(before.pending);
  });

  it('refuses a body that is not multipart/form-data with 415, and one that does not say its length with 411', async () => {
    const json = rawRequest(Buffer.from('{"Filedata":"x"}'), {
      'content-type': 'application/json',
      'content-length': '16',
      origin: ORIGIN,
    });
    expect(await refusal(await streamUpload(json, options()))).toEqual({
      status: 415,
      message: 'Send the photo as a form upload (multipart/form-data).',
    });

    const unsized = await formRequest([photo()], { 'content-length': undefined });
    expect((await streamUpload(unsized, options())).status).toBe(411);
  });

  it('refuses a body larger than a photo may be with 413 from its Content-Length alone, naming the limit', async () => {
    const before = { pending: await pendingPhotos(), reads: sessionReads };
    const res = await streamUpload(await formRequest([photo('big.png', png(200, 200))]), options());
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The photo is too large: photos can be at most 64 KB.', max_bytes: MAX });
    expect(sessionReads).toBe(before.reads);
    expect(await pendingPhotos()).toBe(before.pending);
  });

  it('refuses the signed out with 401', async () => {
    const res = await streamUpload(await formRequest([photo()]), options({ session: async () => null }));
    expect(await refusal(res)).toEqual({ status: 401, message: 'You are signed out. Sign in again to upload photos.' });
  });

  it('refuses a file that is not a photo by its first bytes (whatever its name and declared type) with 415 naming it', async () => {
    const before = await pendingPhotos();
    for (const file of [
      Buffer.from('just some notes, not a picture'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('GIF8'),
    ]) {
      const res = await streamUpload(
        await formRequest([{ name: 'Filedata', file, fileName: 'holiday.jpg', type: 'image/jpeg' }]),
        options(),
      );
      expect(await refusal(res)).toEqual({
        status: 415,
        message: '“holiday.jpg” is not a photo this site takes. Choose a JPEG, PNG, GIF or WebP picture.',
      });
    }
    expect(await pendingPhotos()).toBe(before);
  });

  it('refuses a photo over the limit by its own size with 413, to the byte: the limit itself passes', async () => {
    const picture = png(60, 60);
    const before = await pendingPhotos();
    const over = await streamUpload(await formRequest([photo('wide.png', picture)]), options({ maxBytes: picture.length - 1 }));
    expect(over.status).toBe(413);
    expect(((await over.json()) as { message: string }).message).toBe(
      `“wide.png” is too large: photos can be at most ${Math.round((picture.length - 1) / 1024)} KB.`,
    );
    expect(await pendingPhotos()).toBe(before);

    const exact = await streamUpload(await formRequest([photo('wide.png', picture)]), options({ maxBytes: picture.length }));
    expect(exact.status).toBe(200);
    expect(await pendingPhotos()).toBe(before + 1);
  });

  it('refuses a body without the file part, and one that is not multipart inside, with 400', async () => {
    const noFile = await streamUpload(await formRequest([{ name: 'title', value: 'no photo here' }]), options());
    expect(await refusal(noFile)).toEqual({ status: 400, message: 'The upload has no file (the form part Filedata).' });

    const garbage = Buffer.from('this is not a multipart body at all');
    const res = await streamUpload(
      rawRequest(garbage, {
        'content-type': 'multipart/form-data; boundary=xyz',
        'content-length': String(garbage.length),
        origin: ORIGIN,
      }),
      options(),
    );
    expect(res.status).toBe(400);
  });
});

describe('POST /api/upload/photos: what passes', () => {
  it('streams the photo to POST /albums/photo_upload and answers its id: the API holds the same picture', async () => {
    const picture = png(40, 30);
    const res = await streamUpload(
      await formRequest([{ name: 'note', value: 'fields before the file are passed on too' }, photo('dawn.png', picture)]),
      options(),
    );
    expect(res.status).toBe(200);
    const { photo_id } = (await res.json()) as { photo_id: number };
    const row = await api.db
      .selectFrom('photos')
      .select(['owner_id', 'album_id', 'width', 'height'])
      .where('id', '=', photo_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_id: demo.id, album_id: null, width: 40, height: 30 });
  });

  it('reads the head of a body that arrives a few bytes at a time, and passes all of it on', async () => {
    const fields = [{ name: 'caption', value: 'a field split across chunks' }, photo('slow.png', png(24, 12))];
    const res = await streamUpload(await formRequest(fields, {}, 7), options());
    expect(res.status).toBe(200);
    const { photo_id } = (await res.json()) as { photo_id: number };
    const row = await api.db.selectFrom('photos').select(['width', 'height']).where('id', '=', photo_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ width: 24, height: 12 });

    const text = await streamUpload(
      await formRequest([{ name: 'Filedata', file: Buffer.from('not a picture'), fileName: 'slow.png' }], {}, 3),
      options(),
    );
    expect(text.status).toBe(415);
  });

  it('answers what the API refuses with the API’s reason and status, naming the file', async () => {
    // A PNG signature and nothing else: a photo by its first bytes, but no picture the API can read.
    const truncated = png(20, 20).subarray(0, 40);
    const res = await streamUpload(await formRequest([photo('broken.png', truncated)]), options());
    expect(await refusal(res)).toEqual({ status: 400, message: '“broken.png” was refused: is not a readable image.' });
  });
});
