import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { startSecondWeb, type SecondWeb } from './second-web.ts';
import { API_URL } from './servers.ts';
import { signIn, type Account } from './sign-in.ts';

// The notifications page against a server without the notifications extension (README,
// "Extensions"): a second web server reaches the API through a relay that answers GET
// /activities/notifications as such a server does — 404, 405, or 400 reading `notifications`
// as the id of GET /activities/{id} — and passes on the rest, the bell's count among it.

/** No other spec signs in as Grace: her unread count is the seed's, and nothing here reads it down. */
const GRACE: Account = { email: 'grace@example.com', password: 'demo-password', name: 'Grace Kim' };

type Lacking = 404 | 405 | 400;

const ANSWERS: Record<Lacking, { error_text: string; message: string; error_params?: unknown[] }> = {
  404: { error_text: 'not_found', message: 'No such endpoint.' },
  405: { error_text: 'method_not_allowed', message: 'Method not allowed.' },
  400: { error_text: 'invalid_parameters', message: 'id: must be integer', error_params: [{ name: 'id', message: 'must be integer', error_text: 'invalid_parameter' }] },
};

let lacking: Lacking = 404;
let relay: http.Server;
let web: SecondWeb | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const upstream = new URL(API_URL);
  relay = http.createServer((req, res) => {
    if (req.method === 'GET' && new URL(req.url!, 'http://relay').pathname === '/api/v1/activities/notifications') {
      res.writeHead(lacking, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, data: { ...ANSWERS[lacking], error_code: lacking } }));
      return;
    }
    const forward = http.request({ host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode!, up.headers);
      up.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  web = await startSecondWeb(`http://127.0.0.1:${(relay.address() as AddressInfo).port}/api/v1`);
});

test.afterAll(async () => {
  web?.stop();
  await new Promise((resolve) => relay?.close(resolve));
});

test('/notifications says calmly that the server keeps no list, and the bell keeps its count, whatever the server answers for the route', async ({ page }) => {
  // Signed in on the main web server: the session is valid on the second one too.
  await signIn(page, GRACE);
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  for (const answer of [404, 405, 400] as const) {
    lacking = answer;
    const res = await page.goto(`${web!.url}/notifications`);
    expect(res?.status(), `the server answers ${answer}`).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('This site does not list notifications. The bell above still counts the new ones.');
    await expect(bell).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);
  }
});
