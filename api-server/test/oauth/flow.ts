import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import type { DB } from '../../src/db/index.ts';
import { authenticate } from '../../src/oauth/resource-auth.ts';
import { call } from '../helpers.ts';

/** Helpers shared by the OAuth tests: a cookie-keeping browser, form parsing, PKCE and token calls. */

export const AUTHORIZE = '/api/v1/oauth/authorize';
export const TOKEN = '/api/v1/oauth/token';
export const REVOKE = '/api/v1/oauth/revoke';

/** RFC 6749 §2.3.1: id and secret are form-urlencoded, then joined and base64-encoded. */
export function basic(id: string, secret: string): string {
  const enc = (s: string) => new URLSearchParams({ s }).toString().slice(2);
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}`;
}

export function pkce(verifier = crypto.randomBytes(32).toString('base64url')) {
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(params: Record<string, string>): string {
  return `${AUTHORIZE}?${new URLSearchParams(params).toString()}`;
}

/** POST a form to the token or revocation endpoint, optionally with HTTP Basic client credentials. */
export async function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  opts: { client?: { id: string; secret: string | null }; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...opts.headers };
  if (opts.client) {
    if (opts.client.secret === null) fields = { client_id: opts.client.id, ...fields };
    else headers.authorization = basic(opts.client.id, opts.client.secret);
  }
  return call(app, null, { method: 'POST', url, headers, payload: new URLSearchParams(fields).toString() });
}

/** Whether a resource endpoint would accept this access token (resource-auth's authenticate). */
export async function accessTokenWorks(db: DB, token: string): Promise<boolean> {
  const req = { headers: { authorization: `Bearer ${token}` }, query: {} } as unknown as FastifyRequest;
  try {
    await authenticate(db, req);
    return true;
  } catch {
    return false;
  }
}

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The hidden fields of the n-th form of a page. */
export function hiddenFields(html: string, n = 0): Record<string, string> {
  const form = [...html.matchAll(/<form[\s\S]*?<\/form>/g)][n]?.[0];
  if (!form) throw new Error(`the page has no form #${n}:\n${html}`);
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(m[1]!)] = unescape(m[2]!);
  return fields;
}

/** An inject()-driven browser that keeps cookies between requests. */
export class Browser {
  app: FastifyInstance;
  cookies = new Map<string, string>();
  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    for (const c of res.cookies) {
      if (!c.value || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(fields: Record<string, string>, headers?: Record<string, string>) {
    return this.request('POST', AUTHORIZE, fields, headers);
  }

  /** Signs in on the authorize page of `url`; answers the response of the sign-in POST. */
  async signIn(url: string, email: string, password = 'password') {
    const page = await this.get(url);
    if (page.statusCode !== 200 || !page.body.includes('name="email"')) throw new Error(`no sign-in form:\n${page.body}`);
    return this.post({ ...hiddenFields(page.body), email, password, action: 'sign_in' });
  }

  /** Walks the whole flow (sign-in if needed, then consent) and answers the final redirect's URL. */
  async authorize(params: Record<string, string>, email: string, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
    const url = authorizeUrl(params);
    let page = await this.get(url);
    if (page.body.includes('name="email"')) {
      const signedIn = await this.post({ ...hiddenFields(page.body), email, password: 'password', action: 'sign_in' });
      if (signedIn.statusCode !== 303) throw new Error(`sign-in failed (${signedIn.statusCode}):\n${signedIn.body}`);
      page = await this.get(signedIn.headers.location as string);
    }
    if (!page.body.includes('value="allow"')) throw new Error(`no consent form (${page.statusCode}):\n${page.body}`);
    const res = await this.post({ ...hiddenFields(page.body), action: decision });
    if (res.statusCode !== 303) throw new Error(`consent answered ${res.statusCode}:\n${res.body}`);
    return new URL(res.headers.location as string);
  }
}

/** A code for `client` through the whole browser flow. */
export async function codeFor(
  browser: Browser,
  client: { id: string },
  email: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const back = await browser.authorize({ response_type: 'code', client_id: client.id, ...extra }, email);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code in ${back}`);
  return code;
}
