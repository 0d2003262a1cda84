import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../config.ts';
import { now } from '../db/index.ts';
import { randomToken, sha256 } from './crypto.ts';

/**
 * The site's own sign-in (the authorize page, and later the /apps page), separate from OAuth
 * tokens: a random id in an HttpOnly cookie, stored only as its SHA-256 so that a copy of the
 * database does not hold usable sessions.
 */
const SESSION_COOKIE = 'site_session';
const SESSION_TTL = 14 * 24 * 3600;

export function siteCookieOptions(config: Config, maxAge?: number): CookieSerializeOptions {
  return {
    httpOnly: true,
    // Lax: the cookie comes along when a client application sends the user to /authorize.
    sameSite: 'lax',
    path: '/',
    secure: config.publicUrl.startsWith('https:'),
    ...(maxAge !== undefined ? { maxAge } : {}),
  };
}

/** Signs the user in: a fresh session id each time, so a planted id is never promoted (fixation). */
export async function startSiteSession(req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const { db, config } = req.server;
  const id = randomToken();
  const t = now();
  await db.deleteFrom('site_sessions').where('expires_at', '<=', t).execute();
  await endSiteSession(req, reply);
  await db
    .insertInto('site_sessions')
    .values({ id_hash: sha256(id), user_id: userId, created_at: t, expires_at: t + SESSION_TTL })
    .execute();
  reply.setCookie(SESSION_COOKIE, id, siteCookieOptions(config, SESSION_TTL));
}

/**
 * The site session of this request, or null: its user and the hash it is stored under (what
 * a legacy key it hands over is bound to: legacy/tokens.ts).
 */
export async function siteSession(req: FastifyRequest): Promise<{ userId: number; hash: string } | null> {
  const id = req.cookies[SESSION_COOKIE];
  if (!id) return null;
  const hash = sha256(id);
  const row = await req.server.db
    .selectFrom('site_sessions')
    .select('user_id')
    .where('id_hash', '=', hash)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  return row ? { userId: row.user_id, hash } : null;
}

/** The id of the user signed in to the site on this request, or null. */
export async function siteUserId(req: FastifyRequest): Promise<number | null> {
  return (await siteSession(req))?.userId ?? null;
}

export async function endSiteSession(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = req.cookies[SESSION_COOKIE];
  if (id) await req.server.db.deleteFrom('site_sessions').where('id_hash', '=', sha256(id)).execute();
  reply.clearCookie(SESSION_COOKIE, siteCookieOptions(req.server.config));
}
