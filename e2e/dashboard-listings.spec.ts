import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { API_URL, DEMO_USER } from './servers.ts';
import { apiToken } from './api-token.ts';
import { lockPair } from './pair-lock.ts';
import { ALICE, signIn } from './sign-in.ts';
import { unique } from './unique.ts';

// The seller's dashboard: the overview's counts linking into the table, bulk close, reopen and
// delete with a result per row, a bulk action that partly fails, a second bulk action that keeps
// the first one's rows and results, the price edited in place, the "Messages" column.
// Each test makes listings of its own with a location nobody else uses and filters the table
// by its keywords, so that other tests' listings never get in the way.

const IVY = { ...ALICE, email: 'ivy@example.com', name: 'Ivy Novak' };
const GRACE = { ...ALICE, email: 'grace@example.com', name: 'Grace Kim' };

const main = (page: Page) => page.getByRole('main');
const table = (page: Page) => main(page).getByRole('table');
const row = (page: Page, title: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: title }) });

/** `n` new listings of the demo user whose titles share `word`; answers their titles, oldest first. */
async function listings(request: APIRequestContext, token: string, word: string, n: number): Promise<Array<{ id: number; title: string }>> {
  const out: Array<{ id: number; title: string }> = [];
  for (let i = 0; i < n; i += 1) {
    const title = `${word} item ${i + 1}`;
    const res = await request.post(`${API_URL}/api/v1/classifieds`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { title, body: 'For the dashboard test.', 'fields[price]': String(10 + i), 'fields[location]': 'Dashtown' },
    });
    expect(res.status()).toBe(200);
    out.push({ id: ((await res.json()) as { data: { id: number } }).data.id, title });
  }
  return out;
}

test('bulk: close three in one action, reopen two, delete one with the confirm; the overview counts follow', async ({ page, request }) => {
  // Seven pages and two axe checks: ~20 s alone, more beside another worker's sign-ins.
  test.setTimeout(60_000);
  // Ivy's counts: no other test changes her listings.
  const token = await apiToken(request, IVY, ['classifieds']);
  const word = unique('Bulkword');
  const made = await listings(request, token, word, 3);
  await signIn(page, IVY, '/dashboard');
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const openLink = main(page).getByRole('link', { name: /Open$/ });
  const openBefore = Number((await openLink.innerText()).match(/\d+/)![0]);
  expect(await seriousViolations(page, '/dashboard')).toEqual([]);

  await page.goto(`/dashboard/listings?q=${encodeURIComponent(word)}`);
  await expect(table(page).getByRole('rowheader')).toHaveCount(3);
  // Select all with the keyboard.
  await main(page).getByRole('checkbox', { name: 'Select all listings on this page' }).focus();
  await page.keyboard.press('Space');
  await expect(main(page)).toContainText('3 listings selected');
  await page.getByRole('button', { name: 'Close selected' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: '3 listings closed.' })).toBeVisible();
  for (const l of made) {
    await expect(row(page, l.title)).toContainText('Closed.');
    await expect(row(page, l.title).getByRole('cell').nth(3)).toContainText('Closed');
  }
  expect(await seriousViolations(page, '/dashboard/listings')).toEqual([]);

  // Under "closed", not under "open".
  await page.goto(`/dashboard/listings?status=open&q=${encodeURIComponent(word)}`);
  await expect(main(page)).toContainText('No listings match these filters.');
  await page.goto(`/dashboard/listings?status=closed&q=${encodeURIComponent(word)}`);
  await expect(table(page).getByRole('rowheader')).toHaveCount(3);

  await row(page, made[0]!.title).getByRole('checkbox').check();
  await row(page, made[1]!.title).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Reopen selected' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: '2 listings reopened.' })).toBeVisible();
  await expect(row(page, made[0]!.title)).toContainText('Reopened.');

  await page.goto(`/dashboard/listings?q=${encodeURIComponent(word)}`);
  await row(page, made[2]!.title).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 1 listing?' });
  await confirm.getByRole('button', { name: 'Delete 1 listing' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: '1 listing deleted.' })).toBeVisible();
  await expect(row(page, made[2]!.title)).toContainText('Deleted');
  await page.reload();
  await expect(table(page).getByRole('rowheader')).toHaveCount(2);

  await page.goto('/dashboard');
  await expect(main(page).getByRole('link', { name: /Open$/ })).toHaveText(new RegExp(`^${openBefore - 1}\\s*Open$`));
  await main(page).getByRole('link', { name: /Open$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/listings\?status=open$/);
});

test('a bulk action where one listing was deleted meanwhile reports that row and completes the others', async ({ page, request }) => {
  const token = await apiToken(request, DEMO_USER, ['classifieds']);
  const word = unique('Partword');
  const made = await listings(request, token, word, 3);
  await signIn(page, DEMO_USER, `/dashboard/listings?q=${encodeURIComponent(word)}`);
  await expect(table(page).getByRole('rowheader')).toHaveCount(3);
  await main(page).getByRole('checkbox', { name: 'Select all listings on this page' }).check();
  const gone = await request.delete(`${API_URL}/api/v1/classifieds/${made[1]!.id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(gone.status()).toBe(200);
  await page.getByRole('button', { name: 'Close selected' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: '2 listings closed; 1 listing could not be' })).toBeVisible();
  await expect(row(page, made[1]!.title)).toContainText('Failed: This listing is no longer there');
  await expect(row(page, made[0]!.title)).toContainText('Closed.');
  await expect(row(page, made[2]!.title)).toContainText('Closed.');
});

test('a second bulk action keeps the rows of the first with their own results', async ({ page, request }) => {
  const token = await apiToken(request, DEMO_USER, ['classifieds']);
  const word = unique('Twiceword');
  const made = await listings(request, token, word, 3);
  await signIn(page, DEMO_USER, `/dashboard/listings?q=${encodeURIComponent(word)}`);
  await row(page, made[0]!.title).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('dialog', { name: 'Delete 1 listing?' }).getByRole('button', { name: 'Delete 1 listing' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: '1 listing deleted.' })).toBeVisible();
  await expect(row(page, made[0]!.title)).toContainText('Deleted.');

  await row(page, made[1]!.title).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Close selected' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: '1 listing closed.' })).toBeVisible();
  await expect(row(page, made[1]!.title)).toContainText('Closed.');
  // The listing deleted first still says so: its status and its result.
  await expect(row(page, made[0]!.title).getByRole('cell').nth(3)).toHaveText('Deleted');
  await expect(row(page, made[0]!.title)).toContainText('Deleted.');
  await expect(table(page).getByRole('rowheader')).toHaveCount(3);
});

test('the price in place: Enter saves, a bad price shows its error in place and keeps what was typed', async ({ page, request }) => {
  const token = await apiToken(request, DEMO_USER, ['classifieds']);
  const word = unique('Priceword');
  const [l] = await listings(request, token, word, 1);
  await signIn(page, DEMO_USER, `/dashboard/listings?q=${encodeURIComponent(word)}`);
  const price = row(page, l!.title).getByRole('textbox', { name: /^Price of/ });
  await expect(price).toHaveValue('10.00');
  await price.fill('12.345');
  await price.press('Enter');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(row(page, l!.title)).toContainText('Write the price as a number');
  await expect(price).toHaveValue('12.345');
  await price.fill('1,250');
  await price.press('Enter');
  await expect(row(page, l!.title)).toContainText('Saved: $1,250.00');
  await page.goto(`/listings/${l!.id}`);
  await expect(main(page)).toContainText('$1,250.00');
});

test('another member sees none of one’s listings in their dashboard', async ({ page, request }) => {
  const token = await apiToken(request, DEMO_USER, ['classifieds']);
  const word = unique('Mineword');
  await listings(request, token, word, 1);
  await signIn(page, ALICE, `/dashboard/listings?q=${encodeURIComponent(word)}`);
  await expect(main(page)).toContainText('No listings match these filters.');
});

test('"Messages": the conversations about a listing counted on its row, leading to them alone; none is "—"', async ({ page, request }) => {
  const word = unique('Askedword');
  const [asked, quiet] = await listings(request, await apiToken(request, ALICE, ['classifieds']), word, 2);
  // Grace asks Alice about the first ("Contact seller", through the API); messages.spec blocks
  // and unblocks the two for a while: never in the middle of that (e2e/pair-lock.ts).
  const release = await lockPair('alice-grace');
  try {
    const res = await request.post(`${API_URL}/api/v1/messages`, {
      headers: { Authorization: `Bearer ${await apiToken(request, GRACE, ['messages'])}` },
      form: { item_type: 'classified', item_id: asked!.id, body: `Is it still there? ${word}` },
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    release();
  }
  await signIn(page, ALICE, `/dashboard/listings?q=${encodeURIComponent(word)}`);
  await expect(table(page).getByRole('columnheader', { name: 'Messages' })).toBeVisible();
  await expect(row(page, quiet!.title).getByRole('cell', { name: `No messages about ${quiet!.title}` })).toBeVisible();
  expect(await seriousViolations(page, '/dashboard/listings (messages)')).toEqual([]);
  await row(page, asked!.title)
    .getByRole('link', { name: `1 (1 new): conversation about ${asked!.title}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/messages\\?item=classified(%3A|:)${asked!.id}$`));
  await expect(main(page).getByTestId('item-filter')).toHaveText(`Conversations about “${asked!.title}” · Show all`);
  await expect(main(page).getByTestId('conversation-row')).toHaveCount(1);
  await expect(main(page).getByTestId('conversation-row')).toContainText(word);
  await main(page).getByTestId('item-filter').getByRole('link', { name: 'Show all' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(main(page).getByTestId('item-filter')).toHaveCount(0);
});
