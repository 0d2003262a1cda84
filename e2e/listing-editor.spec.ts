import { expect, test, type Page } from '@playwright/test';
import { png } from '../lib/testing/pictures.ts';
import { seriousViolations } from './axe.ts';
import { DEMO_USER } from './servers.ts';
import { ALICE, signIn } from './sign-in.ts';
import { unique } from './unique.ts';

// The listing editor: /listings/new and /listings/{id}/edit, reached from /listings, the
// dashboard and the listing's page; a refused save keeps everything typed; only the seller
// reaches the edit page. Other specs share the servers: every listing made here has a title
// nobody else writes.

const main = (page: Page) => page.getByRole('main');
const editorBox = (page: Page) => page.getByRole('textbox', { name: 'Description', exact: true });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });

const picture = (name: string, width: number) => ({ name, mimeType: 'image/png', buffer: png(width, 60) });
const photoList = (page: Page) => main(page).getByRole('list', { name: 'The listing’s photos' });
const row = (page: Page, name: string | RegExp) => photoList(page).getByRole('listitem').filter({ hasText: name });

async function editorReady(page: Page) {
  await expect(editorBox(page)).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: 'Bold', exact: true })).toBeEnabled();
}

test.describe('the listing editor', () => {
  test('photos: a main photo made with the listing, two more with captions (one retried), another main chosen, the price edited, one deleted', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO_USER, '/listings/new');
    await editorReady(page);
    const title = unique('Road bike');
    await page.getByLabel('Title').fill(title);
    await editorBox(page).click();
    await page.keyboard.type('Serviced in May.');
    await page.getByLabel('Price in dollars (optional)').fill('450');

    // Three photos and a file that is not one: that one is refused by name, nothing else changes.
    await main(page)
      .getByLabel('Choose photos')
      .setInputFiles([
        picture('front.png', 80),
        picture('side.png', 81),
        { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('words, not a picture') },
        picture('back.png', 82),
      ]);
    await expect(main(page).getByRole('alert')).toContainText('notes.png');
    await expect(photoList(page).getByRole('listitem')).toHaveCount(3);
    await expect(row(page, 'front.png')).toContainText('Uploads when you publish');
    // The first one picked is the main photo until another is chosen.
    await expect(page.getByRole('radio', { name: 'Main photo: front.png' })).toBeChecked();
    await page.getByLabel('Caption for front.png').fill('From the front');
    await page.getByLabel('Caption for side.png').fill('Left side');
    await page.getByLabel('Caption for back.png').fill('Back, with the scratch');
    expect(await seriousViolations(page, '/listings/new with photos')).toEqual([]);

    // The line drops on the first of the later uploads: it fails, the others go on.
    let cut = false;
    await page.route('**/api/upload/listing-photo', (route) => {
      if (cut) return route.continue();
      cut = true;
      return route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Publish the listing' }).click();
    await expect(
      main(page).getByRole('status').filter({ hasText: 'Your listing is online. 1 photo did not upload: retry or remove it.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/listings\/\d+\/edit$/);
    const id = Number(/\/listings\/(\d+)\/edit$/.exec(page.url())![1]);
    const failed = photoList(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Retry / }) });
    await expect(failed).toHaveCount(1);
    await failed.getByRole('button', { name: /^Retry / }).click();
    await expect(photoList(page).getByRole('button', { name: /^Retry / })).toHaveCount(0);
    for (const name of ['front.png', 'side.png', 'back.png']) await expect(row(page, name)).toContainText('Uploaded');

    // Another main photo, and a new price, saved together (with the retried photo's caption).
    await page.getByRole('radio', { name: 'Main photo: back.png' }).check();
    await page.getByLabel('Price in dollars (optional)').fill('425');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Your listing was saved.' })).toBeVisible();
    await expect(page.getByTestId('formatted-price')).toHaveText('$425.00');

    // The listing's page: the chosen main photo first, every caption, the price.
    await page.goto(`/listings/${id}`);
    await expect(main(page)).toContainText('$425.00');
    const gallery = main(page).getByRole('region', { name: 'Photos' });
    await expect(gallery).toContainText('Photo 1 of 3');
    await expect(gallery.getByRole('button', { name: /^Show photo 1/ })).toHaveAccessibleName(
      'Show photo 1: Back, with the scratch (main photo)',
    );
    await expect(gallery.getByRole('button', { name: /^Show photo 2/ })).toHaveAccessibleName('Show photo 2: From the front');
    await expect(gallery.getByRole('button', { name: /^Show photo 3/ })).toHaveAccessibleName('Show photo 3: Left side');

    // The edit page shows them as saved; one is deleted after a confirmation naming it.
    await page.goto(`/listings/${id}/edit`);
    await editorReady(page);
    await expect(photoList(page).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('radio', { name: 'Main photo: Photo 1' })).toBeChecked();
    await expect(page.getByLabel('Caption for Photo 1')).toHaveValue('Back, with the scratch');
    expect(await seriousViolations(page, '/listings/{id}/edit with photos')).toEqual([]);
    await page.getByRole('button', { name: 'Delete Photo 3' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Photo 3?' });
    await confirm.getByRole('button', { name: 'Delete photo' }).click();
    await expect(confirm).toBeHidden();
    await expect(photoList(page).getByRole('listitem')).toHaveCount(2);
    await page.reload();
    await expect(photoList(page).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByLabel('Caption for Photo 2')).toHaveValue('From the front');
  });

  test('create from "Sell something", see the formatted price, edit the price from the listing page', async ({ page }) => {
    // Seven pages, two saves and two axe checks (each in both themes): ~20 s alone, more beside another worker.
    test.setTimeout(60_000);
    await signIn(page, DEMO_USER, '/listings');
    await main(page).getByRole('link', { name: 'Sell something' }).click();
    await expect(page).toHaveURL(/\/listings\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New listing' })).toBeVisible();
    await editorReady(page);
    expect(await seriousViolations(page, '/listings/new')).toEqual([]);

    const title = unique('Oak bookshelf');
    await page.getByLabel('Title').fill(title);
    await editorBox(page).click();
    await page.keyboard.type('Solid oak, five shelves.');
    await page.getByLabel('Price in dollars (optional)').fill('1250.5');
    await page.getByLabel('Location (optional)').fill('Lyon');
    const tags = page.getByLabel('Tags (optional)');
    await tags.fill('furniture');
    await tags.press('Enter');
    await page.getByRole('button', { name: 'Publish the listing' }).click();

    await expect(main(page).getByRole('status').filter({ hasText: 'Your listing is online.' })).toBeVisible();
    await expect(page).toHaveURL(/\/listings\/\d+\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit listing' })).toBeVisible();
    await expect(page.getByTestId('formatted-price')).toHaveText('$1,250.50');
    const id = Number(/\/listings\/(\d+)\/edit$/.exec(page.url())![1]);

    // The listing's page shows it, with the seller's Edit.
    await page.goto(`/listings/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(main(page)).toContainText('Solid oak, five shelves.');
    await expect(main(page)).toContainText('$1,250.50');
    await main(page).getByRole('link', { name: 'Edit the listing' }).click();
    await expect(page).toHaveURL(`/listings/${id}/edit`);
    await editorReady(page);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Location (optional)')).toHaveValue('Lyon');
    expect(await seriousViolations(page, '/listings/{id}/edit')).toEqual([]);

    // The edit form shows who may see and comment (as made: everyone), and changes it.
    await expect(page.getByLabel('Who can see it')).toHaveValue('everyone');
    await page.getByLabel('Who can comment').selectOption('owner_member');
    await page.getByLabel('Price in dollars (optional)').fill('980');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Your listing was saved.' })).toBeVisible();
    await expect(page.getByTestId('formatted-price')).toHaveText('$980.00');
    await page.reload();
    await expect(page.getByLabel('Who can comment')).toHaveValue('owner_member');
    await page.goto(`/listings/${id}`);
    await expect(main(page)).toContainText('$980.00');

    // The dashboard's row has its Edit too, and the table a "New listing".
    await page.goto(`/dashboard/listings?q=${encodeURIComponent(title)}`);
    await expect(main(page).getByRole('link', { name: 'New listing' })).toHaveAttribute('href', '/listings/new');
    await expect(main(page).getByRole('link', { name: `Edit ${title}` })).toHaveAttribute('href', `/listings/${id}/edit`);
  });

  test('a save without a title: the error on the title, everything else kept', async ({ page }) => {
    await signIn(page, DEMO_USER, '/listings/new');
    await editorReady(page);
    const words = unique('Words that must not be lost');
    await editorBox(page).click();
    await page.keyboard.type(words);
    await page.getByLabel('Price in dollars (optional)').fill('45');
    await page.getByLabel('Location (optional)').fill('Lyon');
    await page.getByRole('button', { name: 'Publish the listing' }).click();

    const titleBox = page.getByLabel('Title');
    await expect(titleBox).toHaveAttribute('aria-invalid', 'true');
    await expect(titleBox).toBeFocused();
    await expect(titleBox).toHaveAccessibleDescription('Give your listing a title.');
    await expect(page).toHaveURL(/\/listings\/new$/);
    await expect(editorBox(page)).toContainText(words);
    await expect(page.getByLabel('Price in dollars (optional)')).toHaveValue('45');
    await expect(page.getByLabel('Location (optional)')).toHaveValue('Lyon');
    expect(await seriousViolations(page, '/listings/new with an error')).toEqual([]);
  });

  test('another member sees no Edit on the listing and cannot reach its edit page', async ({ page, browser }) => {
    await signIn(page, DEMO_USER, '/listings/new');
    await editorReady(page);
    const title = unique('Not for Alice');
    await page.getByLabel('Title').fill(title);
    await editorBox(page).click();
    await page.keyboard.type('Mine.');
    await page.getByRole('button', { name: 'Publish the listing' }).click();
    await expect(page).toHaveURL(/\/listings\/\d+\/edit$/);
    const id = Number(/\/listings\/(\d+)\/edit$/.exec(page.url())![1]);

    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, ALICE, `/listings/${id}`);
    await expect(other.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(main(other).getByRole('link', { name: 'Edit the listing' })).toHaveCount(0);
    const res = await other.goto(`/listings/${id}/edit`);
    expect(res?.status()).toBe(404);
    await expect(other.getByLabel('Title')).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await context.close();
  });
});
