import { expect, test } from '@playwright/test';
import { apiError, startRelay, type Relay, type RelayAnswer } from '../lib/testing/relay.ts';
import { NAVIGATION } from './sections.ts';
import { startSecondWeb, type SecondWeb } from './second-web.ts';
import { API_PORT } from './servers.ts';
import { signIn, type Account } from './sign-in.ts';

// The notifications page against a server without the notifications extension (docs/api.md,
// "Extensions": Notifications): a second web server reaches the API through a relay that answers
// GET /activities/notifications/groups as such a server does — 404, 405, or 400 reading `notifications`
// as the id of GET /activities/{id} — and passes on the rest, the bell's count among it. The same
// relay answers every /groups route 404, as a server without groups does.

/** No other spec signs in as Grace: her unread count is the seed's, and nothing here reads it down. */
const GRACE: Account = { email: 'grace@example.com', password: 'demo-password', name: 'Grace Kim' };

type Lacking = 404 | 405 | 400;

const ANSWERS: Record<Lacking, RelayAnswer> = {
  404: apiError(404, 'not_found', 'No such endpoint.'),
  405: apiError(405, 'method_not_allowed', 'Method not allowed.'),
  400: apiError(400, 'invalid_parameters', 'id: must be integer', [{ name: 'id', message: 'must be integer' }]),
};

let lacking: Lacking = 404;
let relay: Relay | undefined;
let web: SecondWeb | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  relay = await startRelay(`http://127.0.0.1:${API_PORT}/api/v1`, (_, method, path) =>
    method === 'GET' && path === '/activities/notifications/groups'
      ? ANSWERS[lacking]
      : path === '/groups' || path.startsWith('/groups/')
        ? ANSWERS[404]
        : undefined,
  );
  web = await startSecondWeb(relay.baseUrl);
});

test.afterAll(async () => {
  web?.stop();
  await relay?.close();
});

test('/notifications says calmly that the server keeps no list, and the bell keeps its count, whatever the server answers for the route', async ({
  page,
}) => {
  // Signed in on the main web server: the session is valid on the second one too.
  await signIn(page, GRACE);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  for (const answer of [404, 405, 400] as const) {
    lacking = answer;
    const res = await page.goto(`${web!.url}/notifications`);
    expect(res?.status(), `the server answers ${answer}`).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('This site does not list notifications. The bell above still counts the new ones.');
    await expect(bell).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);
  }
});

test('/groups on a server without groups answers 200 and says so, and the navigation has no Groups entry', async ({ page }) => {
  await signIn(page, GRACE);
  const res = await page.goto(`${web!.url}/groups`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('This site does not have groups.');
  // Every other section is where it belongs; Groups, which would follow Events, is not there.
  await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link')).toHaveText(
    NAVIGATION.filter((entry) => entry !== 'Groups'),
  );
});
