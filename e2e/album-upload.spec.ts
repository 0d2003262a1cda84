import fs from 'node:fs';
import { seriousViolations } from './axe.ts';
import { expect, test, type APIRequestContext, type CDPSession, type Locator, type Page } from '@playwright/test';
import { png } from '../lib/testing/pictures.ts';
import { API_URL, WEB_CLIENT, WEB_ORIGIN } from './servers.ts';
import { signIn } from './sign-in.ts';
import { dragNews, pickUp } from './drag.ts';
import { unique } from './unique.ts';

// "Add photos" (/albums/upload), signed in as the demo user: photos picked are checked in the
// browser, upload a few at a time with their own progress, are put in order with the keyboard,
// and are saved in that order into a new album or an existing one. Refused and failed files
// leave the others alone. Other specs share the servers: every album here has a title nobody
// else uses.

const UPLOAD_PATH = '/api/upload/photos';

/** A picture for the file input; its width tells it apart when the API hands it back. */
const photo = (name: string, width = 320) => ({ name, mimeType: 'image/png', buffer: png(width, 240) });

const photoList = (page: Page) => page.getByRole('list', { name: 'Photos to add, in order' });
const fileInput = (page: Page) => page.getByLabel(/^Choose (more )?photos$/);
const row = (page: Page, name: string) => photoList(page).getByRole('listitem').filter({ hasText: name });

/** The file names in the list, top to bottom. */
async function order(page: Page): Promise<string[]> {
  const texts = await photoList(page).getByRole('listitem').allTextContents();
  return texts.map((t) => /([\w-]+\.(?:png|jpg))/.exec(t)?.[1] ?? t);
}

/** How many upload requests the page sends (a file's body is not visible to the test: it is a Blob). */
function countUploads(page: Page) {
  const sent = { count: 0 };
  page.on('request', (req) => {
    if (req.url().endsWith(UPLOAD_PATH)) sent.count += 1;
  });
  return sent;
}

async function slowUploads(page: Page, bytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}
const fullSpeed = (cdp: CDPSession) =>
  cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

/** Drops files on the drop area, as a person dragging them from their desktop does. */
async function dropFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
      return dt;
    },
    files.map((f) => ({ name: f.name, type: f.mimeType, bytes: [...f.buffer] })),
  );
  const area = page.getByText(/^Drop (more )?photos here, or$/);
  for (const type of ['dragenter', 'dragover', 'drop']) await area.dispatchEvent(type, { dataTransfer });
}

async function expectUploaded(page: Page, names: string[]) {
  for (const name of names) await expect(row(page, name)).toContainText('Uploaded', { timeout: 20_000 });
}

// ---- reading back through the API, as any client of the site would ---------------------

async function clientToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${API_URL}/api/v1/oauth/token`, {
    headers: { Authorization: `Basic ${Buffer.from(`${WEB_CLIENT.id}:${WEB_CLIENT.secret}`).toString('base64')}` },
    form: { grant_type: 'client_credentials', scope: 'albums' },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * The public album of that title (titles here are unique): its id, and the widths of its
 * pictures in the album's order (each photo of a test has a width of its own).
 */
async function publicAlbum(request: APIRequestContext, title: string): Promise<{ id: number; widths: number[] }> {
  const headers = { Authorization: `Bearer ${await clientToken(request)}` };
  const list = await request.get(`${API_URL}/api/v1/albums`, { headers, params: { keywords: title, fields: 'id,title', limit: 5 } });
  const found = ((await list.json()) as { data: Array<{ id: number; title: string }> }).data.find((a) => a.title === title);
  expect(found, `an album titled ${title}`).toBeTruthy();
  const detail = await request.get(`${API_URL}/api/v1/albums/${found!.id}`, {
    headers,
    params: { fields: 'id,photos', photo_fields: 'id', photo_limit: 50 },
  });
  const widths: number[] = [];
  for (const { id } of ((await detail.json()) as { data: { photos: Array<{ id: number }> } }).data.photos) {
    const { data } = (await (
      await request.get(`${API_URL}/api/v1/albums/photos/${id}`, { headers, params: { fields: 'img' } })
    ).json()) as { data: { img: string } };
    // A PNG's width: the first field of its IHDR chunk.
    widths.push((await (await request.get(data.img)).body()).readUInt32BE(16));
  }
  return { id: found!.id, widths };
}

/** Saves the page and waits until the album it saved into is open. */
async function save(page: Page, button: Locator) {
  await button.click();
  // Saved, the page opens the album (its status says so only for a moment).
  await page.waitForURL(/\/albums\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('adding photos', () => {
  test('three photos upload with progress, are reordered with the keyboard, and go into a new album in that order', async ({
    page,
    request,
  }) => {
    await signIn(page);
    const uploads = countUploads(page);
    await page.goto('/albums/upload');
    await expect(page.getByRole('heading', { level: 1, name: 'Add photos' })).toBeVisible();

    // A slow line, so that each file's progress can be watched.
    const cdp = await slowUploads(page, 300 * 1024);
    await fileInput(page).setInputFiles([photo('alpha.png', 300), photo('bravo.png', 310), photo('charlie.png', 320)]);
    expect(await order(page)).toEqual(['alpha.png', 'bravo.png', 'charlie.png']);
    for (const name of ['alpha.png', 'bravo.png', 'charlie.png']) {
      const bar = row(page, name).getByRole('progressbar', { name: new RegExp(`Uploading ${name.replace('.', '\\.')}`) });
      await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 15_000 }).toBeGreaterThan(0);
    }
    await expectUploaded(page, ['alpha.png', 'bravo.png', 'charlie.png']);
    await fullSpeed(cdp);
    expect(uploads.count).toBe(3);

    // charlie.png to the front, with the keyboard only; each step is told to screen readers.
    await pickUp(
      page,
      page.getByRole('button', { name: 'Move charlie.png (position 3 of 3)' }),
      'Picked up charlie.png, at position 3 of 3.',
    );
    await page.keyboard.press('ArrowUp');
    await expect(dragNews(page, 'charlie.png moved to position 2 of 3.')).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(dragNews(page, 'charlie.png moved to position 1 of 3.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(dragNews(page, 'charlie.png dropped at position 1 of 3.')).toBeAttached();
    expect(await order(page)).toEqual(['charlie.png', 'alpha.png', 'bravo.png']);
    // Focus stays on the photo that moved, at its new place.
    await expect(page.getByRole('button', { name: 'Move charlie.png (position 1 of 3)' })).toBeFocused();

    const title = unique('Harbour at dawn');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description (optional)').fill('Three pictures, in the order I chose.');
    await save(page, page.getByRole('button', { name: 'Create album' }));

    // charlie, alpha, bravo.
    expect((await publicAlbum(request, title)).widths).toEqual([320, 300, 310]);
  });

  test('a file that is not a photo and one that is too large are refused by name, and the others go on uploading, three at a time', async ({
    page,
  }) => {
    await signIn(page);
    const uploads = countUploads(page);
    await page.goto('/albums/upload');
    const cdp = await slowUploads(page, 150 * 1024);
    const names = ['first.png', 'second.png', 'third.png', 'fourth.png'];
    await fileInput(page).setInputFiles(names.map((n) => photo(n)));
    // Three on their way, the fourth waits its turn.
    for (const name of names.slice(0, 3)) await expect(row(page, name).getByRole('progressbar')).toBeVisible();
    await expect(row(page, 'fourth.png')).toContainText('Waiting to upload');

    // Checked in the browser by their bytes and size, while the two are on their way.
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    png(4, 4).copy(huge);
    // Files on disk, which the browser reads itself: 10 MiB as bytes through the driver, while three
    // uploads are throttled, took over 10 s once on two loaded cores.
    const files = {
      'notes.txt': Buffer.from('shopping list'),
      'holiday.jpg': Buffer.from('not a jpeg at all, whatever the name says'),
      'huge.png': huge,
    };
    await fileInput(page).setInputFiles(
      Object.entries(files).map(([name, bytes]) => {
        const file = test.info().outputPath(name);
        fs.writeFileSync(file, bytes);
        return file;
      }),
    );
    const refused = page.getByRole('alert').filter({ hasText: 'These 3 files were not added:' });
    await expect(refused).toContainText('“notes.txt” is not a photo this site takes. Choose a JPEG, PNG, GIF or WebP picture.');
    await expect(refused).toContainText('“holiday.jpg” is not a photo this site takes.');
    await expect(refused).toContainText(
      '“huge.png” is 10,485,761 bytes; photos can be at most 10,485,760 bytes. Choose a smaller picture.',
    );

    await expectUploaded(page, names);
    await fullSpeed(cdp);
    expect(await order(page)).toEqual(names);
    expect(uploads.count).toBe(4);
  });

  test('a dropped photo uploads; one cut off by a lost connection is retried without choosing it again, the other kept; more photos go at the end of the album', async ({
    page,
    request,
  }) => {
    await signIn(page);
    const uploads = countUploads(page);
    await page.goto('/albums/upload');
    await dropFiles(page, [photo('kept.png', 64)]);
    await expectUploaded(page, ['kept.png']);

    // The connection drops: the next file cannot reach the site.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await fileInput(page).setInputFiles([photo('dropped.png', 65)]);
    await expect(row(page, 'dropped.png').getByRole('alert')).toHaveText('The upload was interrupted. Check your connection and retry.');
    await expect(row(page, 'dropped.png').getByRole('progressbar', { name: /Upload stopped: dropped\.png/ })).toBeVisible();
    await expect(row(page, 'kept.png')).toContainText('Uploaded');

    // Saving now explains what to do, and loses nothing.
    const title = unique('Back online');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Create album' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Retry or remove the 1 photo that did not upload.' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(title);

    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await row(page, 'dropped.png').getByRole('button', { name: 'Retry dropped.png' }).click();
    await expectUploaded(page, ['kept.png', 'dropped.png']);
    // kept.png once, dropped.png twice: nobody chose a file again.
    expect(uploads.count).toBe(3);

    await save(page, page.getByRole('button', { name: 'Create album' }));
    const album = await publicAlbum(request, title);
    expect(album.widths).toEqual([64, 65]);

    // Adding to that album later: the new photo goes after the others.
    await page.goto(`/albums/upload?album=${album.id}`);
    await expect(page.getByRole('main')).toContainText(`To the album ${title}.`);
    await fileInput(page).setInputFiles([photo('later.png', 66)]);
    await expectUploaded(page, ['later.png']);
    await save(page, page.getByRole('button', { name: 'Add photos' }));
    expect((await publicAlbum(request, title)).widths).toEqual([64, 65, 66]);
  });

  test('the album fields are checked before saving, and what was typed and uploaded stays', async ({ page }) => {
    await signIn(page);
    await page.goto('/albums/upload');
    await page.getByRole('button', { name: 'Create album' }).click();
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Title')).toHaveAccessibleDescription('Give the album a title.');
    await expect(page.getByRole('alert').filter({ hasText: 'Add at least one photo.' })).toBeVisible();

    await fileInput(page).setInputFiles([photo('one.png', 64)]);
    await expectUploaded(page, ['one.png']);
    await page.getByLabel('Description (optional)').fill('Kept while the title is missing');
    await page.getByLabel('Who can see it').selectOption({ label: 'Friends only' });
    await page.getByRole('button', { name: 'Create album' }).click();
    await expect(page.getByLabel('Title')).toBeFocused();
    await expect(page.getByLabel('Description (optional)')).toHaveValue('Kept while the title is missing');
    await expect(page.getByLabel('Who can see it')).toHaveValue('owner_member');
    await expect(row(page, 'one.png')).toContainText('Uploaded');
  });

  test('only albums one may add to can be chosen; an album address that names none is not found', async ({ page, request }) => {
    await signIn(page);
    const headers = { Authorization: `Bearer ${await clientToken(request)}` };
    const albums = (
      (await (await request.get(`${API_URL}/api/v1/albums`, { headers, params: { fields: 'id,owner', limit: 50 } })).json()) as {
        data: Array<{ id: number; owner: { title: string } }>;
      }
    ).data;
    const someoneElses = albums.find((a) => a.owner.title !== 'Demo User');
    expect(someoneElses).toBeTruthy();
    await page.goto(`/albums/upload?album=${someoneElses!.id}`);
    await expect(page.getByRole('main')).toContainText('You cannot add photos to this album.');
    await expect(fileInput(page)).toHaveCount(0);

    for (const bad of ['abc', '0', '99999999']) {
      const res = await page.goto(`/albums/upload?album=${bad}`);
      expect(res?.status()).toBe(404);
    }
  });

  test('the upload route refuses other sites and files that are not photos, and streams a photo to the API', async ({ page }) => {
    await signIn(page);
    const notes = { Filedata: { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text, named like a picture') } };
    const refused = await page.request.post(UPLOAD_PATH, { headers: { origin: WEB_ORIGIN }, multipart: notes });
    expect(refused.status()).toBe(415);
    expect(((await refused.json()) as { message: string }).message).toBe(
      '“notes.png” is not a photo this site takes. Choose a JPEG, PNG, GIF or WebP picture.',
    );

    const small = { Filedata: { name: 'p.png', mimeType: 'image/png', buffer: png(8, 8) } };
    const crossSite = await page.request.post(UPLOAD_PATH, { headers: { origin: 'https://evil.example' }, multipart: small });
    expect(crossSite.status()).toBe(403);
    const sameSiteOtherOrigin = await page.request.post(UPLOAD_PATH, {
      headers: { origin: WEB_ORIGIN, 'sec-fetch-site': 'same-site' },
      multipart: small,
    });
    expect(sameSiteOtherOrigin.status()).toBe(403);

    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    png(4, 4).copy(big);
    const tooLarge = await page.request.post(UPLOAD_PATH, {
      headers: { origin: WEB_ORIGIN },
      multipart: { Filedata: { name: 'big.png', mimeType: 'image/png', buffer: big } },
    });
    expect(tooLarge.status()).toBe(413);

    const ok = await page.request.post(UPLOAD_PATH, { headers: { origin: WEB_ORIGIN }, multipart: small });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual({ photo_id: expect.any(Number) });
  });

  test('has no serious accessibility violation, light or dark, with photos, a refusal and field errors showing', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await signIn(page);
    await page.goto('/albums/upload');
    await fileInput(page).setInputFiles([photo('a11y.png', 64), { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') }]);
    await expectUploaded(page, ['a11y.png']);
    await page.getByRole('button', { name: 'Create album' }).click();
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page, '/albums/upload')).toEqual([]);
    expect(problems).toEqual([]);
  });
});
