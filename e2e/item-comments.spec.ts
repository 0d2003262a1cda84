import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken } from './api-token.ts';
import { API_URL, DEMO_USER } from './servers.ts';
import { ALICE, signIn } from './sign-in.ts';
import { unique } from './unique.ts';

// Every comment of an item can be read on its page, and its counts are exact: a listing and an
// event of Alice's with 13 comments by her friends show the 3 newest, as an activity does, and
// "View more comments" a page of ten at a time for the rest (feed.spec.ts: an activity's).

const BOB = { email: 'bob@example.com', password: 'demo-password' };
const CAROL = { email: 'carol@example.com', password: 'demo-password' };
const COMMENTS = 13;

async function make(request: APIRequestContext, type: 'classified' | 'event', title: string): Promise<{ id: number; path: string }> {
  const token = await apiToken(request, ALICE, ['classifieds', 'events']);
  const res = await request.post(`${API_URL}/api/v1/${type === 'classified' ? 'classifieds' : 'events'}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: type === 'classified' ? { title, body: 'Works well.' } : { title, description: 'All welcome.' },
  });
  expect(res.status()).toBe(200);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  return { id, path: type === 'classified' ? `/listings/${id}` : `/events/${id}` };
}

for (const type of ['classified', 'event'] as const) {
  test(`${type}: the newest comments, then every older one on request, ten at a time; exact counts`, async ({ page, request }) => {
    const title = unique(type === 'classified' ? 'Lamp with many comments' : 'Picnic with many comments');
    const { id, path } = await make(request, type, title);
    const friends = await Promise.all([DEMO_USER, BOB, CAROL].map((who) => apiToken(request, who, ['basic'])));
    const texts = Array.from({ length: COMMENTS }, (_, i) => unique(`Comment ${i + 1}`));
    for (const [i, body] of texts.entries()) {
      const res = await request.post(`${API_URL}/api/v1/core/comments`, {
        headers: { Authorization: `Bearer ${friends[i % 3]}` },
        multipart: { item_type: type, item_id: String(id), body },
      });
      expect(res.status()).toBe(200);
    }
    for (const token of friends.slice(1)) {
      const res = await request.post(`${API_URL}/api/v1/core/likes`, {
        headers: { Authorization: `Bearer ${token}` },
        multipart: { item_type: type, item_id: String(id) },
      });
      expect(res.status()).toBe(200);
    }

    await signIn(page, DEMO_USER, path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const items = page.getByRole('region', { name: /^Comments on / }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText(texts[10]!);
    await expect(items.last()).toContainText(texts[12]!);
    await expect(page.getByRole('button', { name: 'Like 2' })).toBeVisible();

    await page.getByRole('button', { name: 'View more comments (10)' }).click();
    await expect(items).toHaveCount(10);
    await expect(items.first()).toContainText(texts[3]!);
    await page.getByRole('button', { name: 'View more comments (3)' }).click();
    await expect(items).toHaveCount(COMMENTS);
    await expect(items.first()).toContainText(texts[0]!);
    await expect(page.getByRole('button', { name: /View more comments/ })).toHaveCount(0);
  });
}
