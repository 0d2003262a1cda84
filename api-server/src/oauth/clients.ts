import crypto from 'node:crypto';
import { ALL_GRANTS, ALL_SCOPES, type Config, type Grant, type Scope } from '../config.ts';
import { type DB, now } from '../db/index.ts';
import { hashSecret, randomToken, verifySecret } from './crypto.ts';

/** A registered OAuth client, its JSON columns parsed. */
export interface Client {
  id: string;
  name: string;
  /** scrypt hash of the secret; null for a public client (RFC 6749 §2.1). */
  secretHash: string | null;
  redirectUris: string[];
  grants: Grant[];
  scopes: Scope[];
}

export const isPublicClient = (client: Client): boolean => client.secretHash === null;

function jsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export async function findClient(db: DB, id: string): Promise<Client | undefined> {
  const row = await db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    secretHash: row.secret_hash,
    redirectUris: jsonList(row.redirect_uris),
    grants: jsonList(row.grants).filter((g): g is Grant => (ALL_GRANTS as readonly string[]).includes(g)),
    scopes: jsonList(row.scopes).filter((s): s is Scope => (ALL_SCOPES as readonly string[]).includes(s)),
  };
}

/** Where next-auth's provider "social" receives the authorization response. */
const webRedirectUri = (config: Config): string => `${config.webOrigin}/api/auth/callback/social`;

const WEB_GRANTS: Grant[] = ['authorization_code', 'refresh_token', 'client_credentials'];

/**
 * Registers the web client (the BFF) or brings it in line with the configuration, so that a
 * changed OAUTH_CLIENT_SECRET or WEB_ORIGIN takes effect at the next start.
 */
export async function ensureWebClient(db: DB, config: Config): Promise<void> {
  const values = {
    name: 'Social Web',
    redirect_uris: JSON.stringify([webRedirectUri(config)]),
    grants: JSON.stringify(WEB_GRANTS),
    scopes: JSON.stringify(ALL_SCOPES),
  };
  const existing = await db.selectFrom('oauth_clients').select('secret_hash').where('id', '=', config.clientId).executeTakeFirst();
  // Rehash only when the secret changed: scrypt is slow on purpose.
  const same = !!existing?.secret_hash && (await verifySecret(config.clientSecret, existing.secret_hash));
  const secret = same ? {} : { secret_hash: await hashSecret(config.clientSecret) };
  // An upsert: instances of the API that start at the same moment on a new database all
  // register the client, none fails on the others' row.
  await db
    .insertInto('oauth_clients')
    .values({ id: config.clientId, secret_hash: existing?.secret_hash ?? null, created_at: now(), ...values, ...secret })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, ...secret }))
    .execute();
}

export interface NewClient {
  name: string;
  redirectUris: string[];
  grants: string[];
  scopes: string[];
  isPublic: boolean;
}

// Schemes a browser would run or read locally rather than navigate to a client.
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);

/** Why a redirect URI cannot be registered, or null when it can (RFC 6749 §3.1.2). */
function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `redirect URI "${uri}" is not an absolute URL`;
  }
  if (uri.includes('#')) return `redirect URI "${uri}" must not contain a fragment (#)`;
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `redirect URI "${uri}" uses a scheme that cannot receive a redirect`;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname) return `redirect URI "${uri}" has no host`;
  return null;
}

/** Everything wrong with a client registration, one message each; empty when it is fine. */
export function newClientProblems(input: NewClient): string[] {
  const problems: string[] = [];
  if (!input.name.trim()) problems.push('--name must not be empty');
  const unknownGrants = input.grants.filter((g) => !(ALL_GRANTS as readonly string[]).includes(g));
  if (unknownGrants.length) problems.push(`unknown grant(s): ${unknownGrants.join(', ')} (known: ${ALL_GRANTS.join(', ')})`);
  if (input.grants.length === 0) problems.push('--grants must name at least one grant');
  const unknownScopes = input.scopes.filter((s) => !(ALL_SCOPES as readonly string[]).includes(s));
  if (unknownScopes.length) problems.push(`unknown scope(s): ${unknownScopes.join(', ')} (known: ${ALL_SCOPES.join(', ')})`);
  if (input.isPublic) {
    // A public client cannot keep a secret, so it cannot authenticate for these grants.
    const refused = input.grants.filter((g) => g === 'client_credentials' || g === 'password');
    if (refused.length) problems.push(`a public client cannot use the grant(s): ${refused.join(', ')}`);
  }
  for (const uri of input.redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) problems.push(problem);
  }
  if (input.redirectUris.length === 0 && input.grants.some((g) => g === 'authorization_code' || g === 'implicit')) {
    problems.push('the authorization_code and implicit grants need at least one --redirect-uri');
  }
  return problems;
}

/** Stores a new client; the secret is returned once and kept only as a hash. */
export async function registerClient(db: DB, input: NewClient): Promise<{ client_id: string; client_secret?: string }> {
  const problems = newClientProblems(input);
  if (problems.length) throw new Error(problems.join('; '));
  const id = crypto.randomBytes(12).toString('base64url');
  const secret = input.isPublic ? undefined : randomToken();
  await db
    .insertInto('oauth_clients')
    .values({
      id,
      name: input.name.trim(),
      secret_hash: secret === undefined ? null : await hashSecret(secret),
      redirect_uris: JSON.stringify([...new Set(input.redirectUris)]),
      grants: JSON.stringify([...new Set(input.grants)]),
      scopes: JSON.stringify([...new Set(input.scopes)]),
      created_at: now(),
    })
    .execute();
  return secret === undefined ? { client_id: id } : { client_id: id, client_secret: secret };
}
