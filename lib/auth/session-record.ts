import crypto from 'node:crypto';
import type { SessionRecord, SessionStore } from './session-store.ts';

/** How long a session lasts without signing in again: the life of the API's refresh tokens. */
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;

/** The token endpoint's answer as next-auth hands it over (openid-client's TokenSet, spread). */
export interface SignInTokens {
  access_token?: string;
  refresh_token?: string;
  /** Epoch seconds (openid-client computes it from expires_in on receipt). */
  expires_at?: number;
  expires_in?: number;
  scope?: string;
}

export interface SignInUser {
  id: number | string;
  name?: string | null;
  image?: string | null;
}

/** 256 random bits, the only thing the browser's cookie carries (inside the encrypted JWT). */
const newSessionId = (): string => crypto.randomBytes(32).toString('base64url');

/** What the BFF keeps after a successful sign-in; throws when the answer lacks what it needs. */
export function recordFromTokens(tokens: SignInTokens, user: SignInUser, now = Date.now()): SessionRecord {
  if (typeof tokens.access_token !== 'string' || !tokens.access_token) throw new Error('The token endpoint sent no access token.');
  const userId = Number(user.id);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error('The signed-in user has no usable id.');
  // Without a lifetime, assume the API's documented hour; a refresh then happens in time anyway.
  const accessExpiresAt =
    typeof tokens.expires_at === 'number'
      ? tokens.expires_at * 1000
      : typeof tokens.expires_in === 'number'
        ? now + tokens.expires_in * 1000
        : now + 3600_000;
  return {
    userId,
    accessToken: tokens.access_token,
    accessExpiresAt,
    refreshToken: typeof tokens.refresh_token === 'string' && tokens.refresh_token ? tokens.refresh_token : null,
    scope: typeof tokens.scope === 'string' ? tokens.scope : '',
    createdAt: now,
    user: { name: user.name ?? '', image: user.image ?? '' },
  };
}

/** Stores a new session for a sign-in and returns its id. */
export async function startSession(store: SessionStore, tokens: SignInTokens, user: SignInUser): Promise<string> {
  const sid = newSessionId();
  await store.set(sid, recordFromTokens(tokens, user), SESSION_TTL_SECONDS);
  return sid;
}
