import crypto from 'node:crypto';
import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { randomToken, sha256 } from './crypto.ts';

const ACCESS_TOKEN_TTL = 3600;
const REFRESH_TOKEN_TTL = 14 * 24 * 3600;
export const CODE_TTL = 60;

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type: 'bearer';
  scope: string;
  refresh_token?: string;
}

export const newFamilyId = (): string => crypto.randomUUID();

/**
 * Issues an access token, and a refresh token when `withRefresh` (code and password grants,
 * and refresh rotation). Tokens of one grant share `familyId` so they can be revoked together.
 * `refreshScope` (default `scope`) lets a rotation narrow the access token while the new refresh
 * token keeps the scope of the one it replaces (RFC 6749 §6).
 */
export async function issueTokens(
  db: DB,
  opts: { clientId: string; userId: number | null; scope: string; familyId: string | null; withRefresh: boolean; refreshScope?: string },
): Promise<TokenResponse> {
  const t = now();
  const access = randomToken();
  const rows = [
    {
      token_hash: sha256(access),
      kind: 'access' as const,
      client_id: opts.clientId,
      user_id: opts.userId,
      scope: opts.scope,
      family_id: opts.familyId,
      expires_at: t + ACCESS_TOKEN_TTL,
      created_at: t,
      used_at: null,
      revoked_at: null,
    },
  ];
  let refresh: string | undefined;
  if (opts.withRefresh) {
    refresh = randomToken();
    rows.push({
      ...rows[0]!,
      token_hash: sha256(refresh),
      kind: 'refresh' as never,
      scope: opts.refreshScope ?? opts.scope,
      expires_at: t + REFRESH_TOKEN_TTL,
    });
  }
  await db.insertInto('oauth_tokens').values(rows).execute();
  return {
    access_token: access,
    expires_in: ACCESS_TOKEN_TTL,
    token_type: 'bearer',
    scope: opts.scope,
    ...(refresh ? { refresh_token: refresh } : {}),
  };
}

/** Revokes every token of a family (code reuse, refresh-token reuse, revocation of a refresh token). */
export async function revokeFamily(db: DB, familyId: string): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: now() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}
