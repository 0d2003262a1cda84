import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from './crypto.ts';
import { siteCookieOptions } from './site-session.ts';

/**
 * CSRF protection of the site's own forms: a signed double-submit token. A random value lives in
 * an HttpOnly cookie; each form carries HMAC(siteSecret, value). Another site can neither read
 * the cookie nor compute the HMAC, and a cookie it manages to plant (from a sibling subdomain)
 * is useless without the matching HMAC.
 */
const CSRF_COOKIE = 'site_csrf';
export const CSRF_FIELD = 'csrf_token';

const sign = (secret: string, value: string): string => crypto.createHmac('sha256', secret).update(`csrf:${value}`).digest('base64url');

const wellFormed = (value: string | undefined): value is string => !!value && /^[A-Za-z0-9_-]{43}$/.test(value);

/** The token for forms on this page; sets the cookie when the browser has none yet. */
export function csrfToken(req: FastifyRequest, reply: FastifyReply): string {
  let value = req.cookies[CSRF_COOKIE];
  if (!wellFormed(value)) {
    value = crypto.randomBytes(32).toString('base64url');
    reply.setCookie(CSRF_COOKIE, value, siteCookieOptions(req.server.config));
    // Later code on this request (a re-rendered form) must see the same value.
    req.cookies[CSRF_COOKIE] = value;
  }
  return sign(req.server.config.siteSecret, value);
}

export function csrfValid(req: FastifyRequest, token: unknown): boolean {
  const value = req.cookies[CSRF_COOKIE];
  if (!wellFormed(value) || typeof token !== 'string' || !token) return false;
  return safeEqual(token, sign(req.server.config.siteSecret, value));
}

/** A browser names the page a form was sent from; refuse forms sent from anywhere but this API. */
export function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  // Our pages send Referrer-Policy: no-referrer, under which browsers send `Origin: null` even
  // for a form of the same origin; Sec-Fetch-Site (which no page can set) tells them apart.
  if (origin === 'null') return req.headers['sec-fetch-site'] === 'same-origin';
  return origin === new URL(req.server.config.publicUrl).origin;
}
