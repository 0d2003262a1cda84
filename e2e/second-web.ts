import { test } from '@playwright/test';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePorts } from '../lib/testing/free-ports.ts';
import { apiError, startRelay, type Relay } from '../lib/testing/relay.ts';
import { webServerArgs } from '../web-server/next-start.ts';
import { API_PORT, DIST_DIR, WEB_CLIENT } from './servers.ts';

// A second web server for the specs that need the web app in front of another API than the
// shared one (a relay that fails, or that lacks routes): the same build, data directory and
// secret as the main web server, so that a session signed in there is valid here too (the
// cookie is the same on every port of localhost).

export interface SecondWeb {
  /** Its origin, http://localhost:<port>. */
  url: string;
  stop(): void;
}

/** Starts the web server (as in production) on the end-to-end build with SOCIAL_API_URL `socialApiUrl`; resolves once it answers. */
export async function startSecondWeb(socialApiUrl: string, env: Record<string, string> = {}): Promise<SecondWeb> {
  const [port] = (await freePorts(1)) as [number];
  const url = `http://localhost:${port}`;
  const web = spawn(process.execPath, webServerArgs(port, { hostname: '127.0.0.1' }), {
    env: {
      ...process.env,
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      WEB_ORIGIN: url,
      SOCIAL_API_URL: socialApiUrl,
      OAUTH_CLIENT_ID: WEB_CLIENT.id,
      OAUTH_CLIENT_SECRET: WEB_CLIENT.secret,
      DATA_DIR: path.join(process.env.E2E_DATA_DIR!, 'web'),
      ...env,
    },
    stdio: 'ignore',
  });
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/unavailable`).then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (i > 300) {
      web.kill('SIGTERM');
      throw new Error('the second web server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: () => web.kill('SIGTERM') };
}

/**
 * In a `test.describe`: a second web server in front of a relay on which every route under
 * `prefix` (`/videos`, `/music`) answers 404, as a server without that module does; answers its
 * origin for the tests.
 */
export function withoutModule(prefix: string): () => string {
  let relay: Relay | undefined;
  let web: SecondWeb | undefined;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    relay = await startRelay(`http://127.0.0.1:${API_PORT}/api/v1`, (_, _method, p) =>
      p === prefix || p.startsWith(`${prefix}/`) ? apiError(404, 'not_found', 'No such endpoint.') : undefined,
    );
    web = await startSecondWeb(relay.baseUrl);
  });
  test.afterAll(async () => {
    web?.stop();
    await relay?.close();
  });
  return () => web!.url;
}
