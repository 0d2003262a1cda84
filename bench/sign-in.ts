// Signing in as demo@example.com for `npm run bench`, so that both pages show the same feed:
// - the web app: its OAuth flow driven over HTTP as a browser does (the web app's sign-in, the
//   API's sign-in and consent forms, the redirects, the cookies at every hop), which ends with
//   a real session cookie;
// - the bare page: a fixed token, by the password grant of a client registered in the API's
//   database with the api:client CLI.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { unescapeHtml } from './format.ts';

const root = path.resolve(import.meta.dirname, '..');
const DEMO = { email: 'demo@example.com', password: 'demo-password' };
const BENCH_SCOPES = 'basic,activities,albums,blogs,classifieds,events,messages,groups,videos,music';

/** A cookie jar per host:port, enough for this flow (paths and expiry do not matter here). */
class Jar {
  private readonly cookies = new Map<string, Map<string, string>>();
  header(url: string): string {
    const jar = this.cookies.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }
  store(url: string, res: Response) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }
  all(url: string): Map<string, string> {
    return this.cookies.get(new URL(url).host) ?? new Map();
  }
}

async function request(jar: Jar, url: string, init: RequestInit & { form?: Record<string, string> } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  let body = init.body;
  if (init.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    headers.set('origin', new URL(url).origin);
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(url, { ...init, headers, body, redirect: 'manual' });
  jar.store(url, res);
  return res;
}

/** Follows redirects by hand (cookies at every hop); answers the last response and its URL. */
async function follow(jar: Jar, url: string, res: Response): Promise<{ url: string; res: Response }> {
  let current = url;
  let answer = res;
  for (let hops = 0; hops < 10 && answer.status >= 300 && answer.status < 400; hops += 1) {
    current = new URL(answer.headers.get('location')!, current).href;
    await answer.arrayBuffer();
    answer = await request(jar, current);
  }
  return { url: current, res: answer };
}

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = unescapeHtml(m[2]!);
  return fields;
}

/**
 * A real session cookie of the web app for a member (the demo user unless told), signed in as a
 * browser does: the web app sends it to the authorize page at its SOCIAL_API_URL (for `npm run
 * bench`, the feed's counting relay, which is also the API's public address, bench/servers.ts).
 */
export async function signIn(web: string, account: { email: string; password: string } = DEMO): Promise<string> {
  const jar = new Jar();
  const csrf = (await (await request(jar, `${web}/api/auth/csrf`)).json()) as { csrfToken: string };
  const started = await request(jar, `${web}/api/auth/signin/social`, {
    method: 'POST',
    form: { csrfToken: csrf.csrfToken, callbackUrl: '/', json: 'true' },
  });
  const { url: authorize } = (await started.json()) as { url: string };
  if (!authorize) throw new Error('the web app did not answer an authorize URL');

  let page = await follow(jar, authorize, await request(jar, authorize));
  let html = await page.res.text();
  if (!html.includes('name="password"')) throw new Error(`no sign-in form at ${page.url}`);
  const signedIn = await request(jar, page.url, {
    method: 'POST',
    form: { ...hiddenFields(html), email: account.email, password: account.password, action: 'sign_in' },
  });
  page = await follow(jar, page.url, signedIn);
  html = await page.res.text();
  if (!html.includes('value="allow"')) throw new Error(`no consent form after signing in (${page.res.status} at ${page.url})`);
  const allowed = await request(jar, page.url, { method: 'POST', form: { ...hiddenFields(html), action: 'allow' } });
  const back = await follow(jar, page.url, allowed);
  if (new URL(back.url).origin !== web || back.res.status !== 200)
    throw new Error(`sign-in did not come back to the web app (${back.res.status} at ${back.url})`);
  await back.res.arrayBuffer();
  // Whatever cookies the web app holds now: the session cookie among them.
  return [...jar.all(web)].map(([k, v]) => `${k}=${v}`).join('; ');
}

export interface BenchClient {
  client_id: string;
  client_secret: string;
}

/** Registers a password-grant client in the API's database (the api:client CLI), before the API starts. */
export function registerBenchClient(apiDataDir: string): BenchClient {
  const out = execFileSync(
    process.execPath,
    [
      path.join(root, 'api-server/src/cli/client.ts'),
      'create',
      '--name',
      'bench',
      '--redirect-uri',
      'http://localhost/cb',
      '--grants',
      'password',
      '--scopes',
      BENCH_SCOPES,
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: apiDataDir }, stdio: ['ignore', 'pipe', 'inherit'] },
  ).toString();
  // Its last line is the JSON of the new client.
  return JSON.parse(out.trim().split('\n').at(-1)!) as BenchClient;
}

/**
 * The password grant's request for the demo user with that client: its Basic authorization and its
 * form. The bare page asks with it again when its token has expired (bench/bare/app/page.tsx).
 */
export function passwordGrant(client: BenchClient): { authorization: string; body: string } {
  return {
    authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`,
    body: new URLSearchParams({
      grant_type: 'password',
      email: DEMO.email,
      password: DEMO.password,
      scope: BENCH_SCOPES.replaceAll(',', ' '),
    }).toString(),
  };
}

/** A token of the demo user by that grant (passwordGrant). */
export async function passwordToken(api: string, grant: { authorization: string; body: string }): Promise<string> {
  const res = await fetch(`${api}/api/v1/oauth/token`, {
    method: 'POST',
    headers: { authorization: grant.authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: grant.body,
  });
  const body = (await res.json()) as { access_token?: string; error?: string; error_description?: string };
  if (!res.ok || !body.access_token)
    throw new Error(`password grant refused: ${res.status} ${body.error ?? ''} ${body.error_description ?? ''}`);
  return body.access_token;
}
