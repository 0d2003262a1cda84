import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { API_URL, DEMO_USER } from './servers.ts';

/** Registered apps by their scopes: one per worker and scope set, as an importer registers once. */
const apps = new Map<string, RegisteredApp>();

interface RegisteredApp {
  client_id: string;
  client_secret: string;
}

/** The app with the password grant and `scope` (comma-separated), registered the first time it is asked for. */
function registeredApp(scope: string): RegisteredApp {
  let app = apps.get(scope);
  if (app) return app;
  const out = execFileSync(
    process.execPath,
    [
      'api-server/src/cli/client.ts',
      'create',
      '--name',
      'End-to-end test app',
      '--redirect-uri',
      'http://localhost/cb',
      '--grants',
      'password',
      '--scopes',
      scope,
    ],
    { env: { ...process.env, DATA_DIR: path.join(process.env.E2E_DATA_DIR!, 'api') }, stdio: ['ignore', 'pipe', 'inherit'] },
  ).toString();
  app = JSON.parse(out.trim().split('\n').at(-1)!) as RegisteredApp;
  apps.set(scope, app);
  return app;
}

/**
 * An access token of `account` with `scopes`, from an app with the password grant registered
 * with the api:client CLI in the e2e API's data directory (as a messaging app or an importer
 * would have): the specs make data and change it behind the web client's back through the API
 * itself, for what the web client cannot do or would take long.
 */
export async function apiToken(
  request: APIRequestContext,
  account: { email: string; password: string } = DEMO_USER,
  scopes: readonly string[] = ['basic'],
): Promise<string> {
  const app = registeredApp(scopes.join(','));
  const res = await request.post(`${API_URL}/api/v1/oauth/token`, {
    headers: {
      Authorization: `Basic ${Buffer.from(`${encodeURIComponent(app.client_id)}:${encodeURIComponent(app.client_secret)}`).toString('base64')}`,
    },
    form: { grant_type: 'password', email: account.email, password: account.password, scope: scopes.join(' ') },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}
