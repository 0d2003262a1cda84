import { expect } from 'vitest';
import { ensureLegacyApp, issueKey, WEB_APP_ID } from '../../src/legacy/apps.ts';
import { multipartBody } from '../helpers.ts';
import type { TestApp } from '../fixture.ts';

/** A legacy token for the user, obtained as an app would: a key from the site, exchanged at /token.php. */
export async function legacyToken(t: TestApp, userId: number): Promise<string> {
  await ensureLegacyApp(t.db, t.config);
  const key = await issueKey(t.db, WEB_APP_ID, userId);
  const res = await t.app.inject({ url: `/token.php?key=${encodeURIComponent(key)}` });
  const token = res.json().output.token;
  if (typeof token !== 'string') throw new Error(`no token: ${res.body}`);
  return token;
}

type Params = Record<string, string | number>;

/** GET /api.php?token=&method=&…; every answer is HTTP 200 JSON, checked here. */
export async function callApi(t: TestApp, token: string | null, method: string | null, params: Params = {}) {
  const query = new URLSearchParams(
    Object.entries({ ...(token !== null ? { token } : {}), ...(method !== null ? { method } : {}), ...params }).map(([k, v]) => [
      k,
      String(v),
    ]),
  );
  const res = await t.app.inject({ url: `/api.php?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** POST /api.php with token and method in the query and a multipart form body. */
export async function postApi(
  t: TestApp,
  token: string,
  method: string,
  fields: Params = {},
  files: Record<string, { filename: string; content: Buffer; type?: string }> = {},
) {
  const { payload, headers } = multipartBody(fields, files);
  const query = new URLSearchParams({ token, method });
  const res = await t.app.inject({ method: 'POST', url: `/api.php?${query}`, payload, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The legacy error form, with its id. */
export function expectError(body: unknown, errorId: number, message?: RegExp) {
  expect(body).toEqual({
    api: { total: 0, pages: 0, current_page: 0 },
    output: { error: true, error_id: errorId, error_message: message ? expect.stringMatching(message) : expect.any(String) },
  });
}
