import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { type DB, now } from '../db/index.ts';
import { authenticateClient, clientEndpoint, type FormParams, formParams, requireForm, clientSecurity } from './client-auth.ts';
import { type Client, isPublicClient } from './clients.ts';
import { findIdentity } from './credentials.ts';
import { safeEqual, sha256 } from './crypto.ts';
import { invalidGrant, invalidRequest, invalidScope, noStore, unauthorizedClient, unsupportedGrantType } from './oauth-error.ts';
import { textParams } from './limits.ts';
import { parseScope } from './scopes.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import { issueTokens, newFamilyId, revokeFamily, type TokenResponse } from './tokens.ts';
import { transact } from '../db/dialect.ts';

export const TOKEN_PATH = '/api/v1/oauth/token';

const TOKEN_GRANTS = ['authorization_code', 'password', 'client_credentials', 'refresh_token'] as const;
type TokenGrant = (typeof TOKEN_GRANTS)[number];

/** Every parameter is text sent once, of a bounded length; anything else answers invalid_request (oauthErrorHandler). */
const tokenBody = {
  type: 'object',
  properties: textParams([
    'grant_type',
    'code',
    'redirect_uri',
    'code_verifier',
    'refresh_token',
    'scope',
    'email',
    'password',
    'provider',
    'uid',
    'client_id',
    'client_secret',
  ]),
};

interface GrantContext {
  db: DB;
  config: Config;
  throttle: SignInThrottle;
  /** The caller's network address (the sign-in throttle counts failures per address too). */
  address: string;
  client: Client;
  params: FormParams;
}

// RFC 7636 §4.1: 43–128 characters of the unreserved set.
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

const s256 = (verifier: string): string => crypto.createHash('sha256').update(verifier).digest('base64url');

/** A refresh token is issued with user grants only, and only to clients allowed to use it. */
const mayRefresh = (client: Client): boolean => client.grants.includes('refresh_token');

function requestedScope(params: FormParams, allowed: readonly string[]): string {
  const parsed = parseScope(params.scope, allowed);
  if ('error' in parsed) throw invalidScope(parsed.error);
  return parsed.scopes.join(' ');
}

async function authorizationCodeGrant({ db, client, params }: GrantContext): Promise<TokenResponse> {
  const code = params.code;
  if (!code) throw invalidRequest('code is required.');
  const row = await db.selectFrom('oauth_codes').selectAll().where('code_hash', '=', sha256(code)).executeTakeFirst();
  if (!row) throw invalidGrant('The authorization code is invalid.');
  if (row.used_at !== null) {
    // RFC 6749 §4.1.2: a code used twice was probably stolen; revoke what it issued.
    await revokeFamily(db, row.family_id);
    throw invalidGrant('The authorization code was already used; the tokens it issued are revoked.');
  }
  if (row.client_id !== client.id) throw invalidGrant('The authorization code was issued to another client.');
  if (row.expires_at <= now()) throw invalidGrant('The authorization code has expired.');

  // RFC 6749 §4.1.3: redirect_uri must be identical to the one of the authorization request.
  // When that request named none, the client's only registered URI was used; accept that one.
  const expected = row.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (row.redirect_uri !== null && params.redirect_uri !== row.redirect_uri) {
    throw invalidGrant('redirect_uri does not match the one of the authorization request.');
  }
  if (row.redirect_uri === null && params.redirect_uri !== undefined && params.redirect_uri !== expected) {
    throw invalidGrant('redirect_uri does not match the one the code was sent to.');
  }

  const verifier = params.code_verifier;
  if (row.code_challenge === null) {
    // A verifier for a code without a challenge means someone stripped the challenge: a downgrade.
    if (verifier !== undefined) throw invalidGrant('code_verifier was sent but the authorization request had no code_challenge.');
    if (isPublicClient(client)) throw invalidGrant('A public client must use PKCE.');
  } else {
    if (verifier === undefined) throw invalidGrant('code_verifier is required: the authorization request carried a code_challenge.');
    if (!VERIFIER.test(verifier) || !safeEqual(s256(verifier), row.code_challenge)) {
      throw invalidGrant('code_verifier does not match the code_challenge.');
    }
  }

  const outcome = await transact(db, async (trx) => {
    // Marking the code used and issuing happen together: of two concurrent exchanges one wins.
    const used = await trx
      .updateTable('oauth_codes')
      .set({ used_at: now() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) return null;
    return issueTokens(trx, {
      clientId: client.id,
      userId: row.user_id,
      scope: row.scope,
      familyId: row.family_id,
      withRefresh: mayRefresh(client),
    });
  });
  if (!outcome) {
    await revokeFamily(db, row.family_id);
    throw invalidGrant('The authorization code was already used; the tokens it issued are revoked.');
  }
  return outcome;
}

async function passwordGrant({ db, config, throttle, address, client, params }: GrantContext): Promise<TokenResponse> {
  const byPassword = params.email !== undefined || params.password !== undefined;
  const byProvider = params.provider !== undefined || params.uid !== undefined;
  if (byPassword && byProvider) throw invalidRequest('Send either email and password, or provider and uid, not both.');
  if (!byPassword && !byProvider) throw invalidRequest('Send email and password, or provider and uid.');
  const scope = requestedScope(params, client.scopes);

  let userId: number | null;
  if (byProvider) {
    if (!params.provider || !params.uid) throw invalidRequest('provider and uid are both required.');
    if (!config.providers.includes(params.provider)) {
      throw invalidRequest(`provider must be one of: ${config.providers.join(', ')}.`);
    }
    userId = await findIdentity(db, params.provider, params.uid);
    if (userId === null) throw invalidGrant('No account is linked to this provider and uid.');
  } else {
    if (!params.email || !params.password) throw invalidRequest('email and password are both required.');
    const outcome = await throttle.signIn(params.email, params.password, address);
    if (!outcome.ok) throw invalidGrant(outcome.message);
    userId = outcome.userId;
  }
  return issueTokens(db, { clientId: client.id, userId, scope, familyId: newFamilyId(), withRefresh: mayRefresh(client) });
}

async function clientCredentialsGrant({ db, client, params }: GrantContext): Promise<TokenResponse> {
  const scope = requestedScope(params, client.scopes);
  // The client acts for itself: no user, and no refresh token (RFC 6749 §4.4.3).
  return issueTokens(db, { clientId: client.id, userId: null, scope, familyId: newFamilyId(), withRefresh: false });
}

type RefreshOutcome = { tokens: TokenResponse } | { error: 'invalid_grant' | 'invalid_scope'; description: string };

async function refreshTokenGrant({ db, client, params }: GrantContext): Promise<TokenResponse> {
  const presented = params.refresh_token;
  if (!presented) throw invalidRequest('refresh_token is required.');
  // One transaction: of two concurrent uses of one refresh token, only one can rotate it
  // (the other then sees it used, which is a reuse). Errors are returned, not thrown, so that
  // the revocation of a reused token's family is committed.
  const outcome = await transact(db, async (trx): Promise<RefreshOutcome> => {
    const invalid = (description: string) => ({ error: 'invalid_grant' as const, description });
    const row = await trx
      .selectFrom('oauth_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(presented))
      .where('kind', '=', 'refresh')
      .executeTakeFirst();
    if (!row || row.client_id !== client.id) return invalid('The refresh token is invalid.');
    if (row.revoked_at !== null) return invalid('The refresh token was revoked.');
    if (row.used_at !== null) {
      // Reuse of a rotated token: the token leaked, or the client lost the newer one. Either way
      // the whole family ends (OAuth 2.0 Security BCP §4.14).
      if (row.family_id) await revokeFamily(trx, row.family_id);
      else await trx.updateTable('oauth_tokens').set({ revoked_at: now() }).where('id', '=', row.id).execute();
      return invalid('The refresh token was already used; every token of this grant is now revoked.');
    }
    if (row.expires_at <= now()) return invalid('The refresh token has expired.');

    // RFC 6749 §6: the new access token may only narrow the scope of the refresh token.
    const granted = row.scope.split(' ').filter(Boolean);
    const parsed = parseScope(params.scope, granted);
    if ('error' in parsed) return { error: 'invalid_scope', description: 'The requested scope is wider than the one granted.' };

    const used = await trx
      .updateTable('oauth_tokens')
      .set({ used_at: now() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) return invalid('The refresh token was already used.');
    const tokens = await issueTokens(trx, {
      clientId: client.id,
      userId: row.user_id,
      scope: parsed.scopes.join(' '),
      refreshScope: row.scope,
      familyId: row.family_id ?? newFamilyId(),
      withRefresh: true,
    });
    return { tokens };
  });
  if ('error' in outcome) throw outcome.error === 'invalid_scope' ? invalidScope(outcome.description) : invalidGrant(outcome.description);
  return outcome.tokens;
}

const GRANTS: Record<TokenGrant, (ctx: GrantContext) => Promise<TokenResponse>> = {
  authorization_code: authorizationCodeGrant,
  password: passwordGrant,
  client_credentials: clientCredentialsGrant,
  refresh_token: refreshTokenGrant,
};

export function tokenRoutes(app: FastifyInstance, { throttle }: { throttle: SignInThrottle }): void {
  app.post(
    TOKEN_PATH,
    {
      schema: {
        summary: 'Tokens for a grant: authorization code, password, client credentials or refresh token',
        security: clientSecurity,
        body: tokenBody,
      },
      ...clientEndpoint(app),
    },
    async (req, reply) => {
      requireForm(req);
      const params = formParams(req.body);
      const client = await authenticateClient(app.db, req, params);
      const grant = params.grant_type;
      if (!grant) throw invalidRequest('grant_type is required.');
      if (!(TOKEN_GRANTS as readonly string[]).includes(grant)) {
        throw unsupportedGrantType(`grant_type must be one of: ${TOKEN_GRANTS.join(', ')}.`);
      }
      // Public clients cannot authenticate, so only grants bound to a user's consent (code with PKCE) suit them.
      const publicRefused = isPublicClient(client) && (grant === 'password' || grant === 'client_credentials');
      if (!client.grants.includes(grant as TokenGrant) || publicRefused) {
        throw unauthorizedClient(`This client may not use the ${grant} grant.`);
      }
      const tokens = await GRANTS[grant as TokenGrant]({ db: app.db, config: app.config, throttle, address: req.ip, client, params });
      return noStore(reply).send(tokens);
    },
  );
}
