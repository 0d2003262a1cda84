import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ALL_SCOPES } from '../src/config.ts';
import { type DB, now } from '../src/db/index.ts';
import { searchIndex } from '../src/db/search/index.ts';
import { parseKeywords, searchSources } from '../src/domain/search.ts';
import { hashSecret } from '../src/oauth/crypto.ts';
import { issueTokens, newFamilyId } from '../src/oauth/tokens.ts';

let userSeq = 0;
// Hashing with scrypt is slow on purpose; tests share one hash of 'password'.
let passwordHash: Promise<string> | undefined;

export async function createUser(db: DB, fields: Partial<{ email: string; full_name: string; password: string }> = {}) {
  // Read the sequence before any await: concurrent calls must not share a number.
  const seq = ++userSeq;
  passwordHash ??= hashSecret('password');
  const hash = fields.password ? await hashSecret(fields.password) : await passwordHash;
  const name = fields.full_name ?? `User ${seq}`;
  const row = await db
    .insertInto('users')
    .values({
      email: fields.email ?? `user${seq}-${Date.now()}@example.com`,
      password_hash: hash,
      full_name: name,
      user_name: `user${seq}_${Math.random().toString(36).slice(2, 8)}`,
      gender: '',
      country_iso: 'US',
      joined: now(),
      avatar_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

export async function befriend(db: DB, a: number, b: number): Promise<void> {
  const t = now();
  await db
    .insertInto('friendships')
    .values([
      { user_id: a, friend_id: b, created_at: t },
      { user_id: b, friend_id: a, created_at: t },
    ])
    .execute();
}

/** A registered test client (confidential unless `public`). */
export async function createClient(
  db: DB,
  opts: Partial<{ id: string; secret: string | null; redirectUris: string[]; grants: string[]; scopes: string[] }> = {},
) {
  const id = opts.id ?? `client-${Math.random().toString(36).slice(2, 10)}`;
  const secret = opts.secret === undefined ? 'client-secret' : opts.secret;
  await db
    .insertInto('oauth_clients')
    .values({
      id,
      name: `Test app ${id}`,
      secret_hash: secret === null ? null : await hashSecret(secret),
      redirect_uris: JSON.stringify(opts.redirectUris ?? ['https://app.example/callback']),
      grants: JSON.stringify(opts.grants ?? ['authorization_code', 'refresh_token', 'password', 'client_credentials', 'implicit']),
      scopes: JSON.stringify(opts.scopes ?? ALL_SCOPES),
      created_at: now(),
    })
    .execute();
  return { id, secret };
}

/** An access token for `userId` (null: a client-credentials token) with the given scopes. */
export async function tokenFor(db: DB, userId: number | null, scopes: readonly string[] = ALL_SCOPES): Promise<string> {
  let client = await db.selectFrom('oauth_clients').select('id').where('id', '=', 'token-helper').executeTakeFirst();
  if (!client) client = { id: (await createClient(db, { id: 'token-helper' })).id };
  const t = await issueTokens(db, { clientId: client.id, userId, scope: scopes.join(' '), familyId: newFamilyId(), withRefresh: false });
  return t.access_token;
}

/** An answer as a test reads it: the status, the parsed JSON body (else the text) and the headers. */
export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever JSON the server answered; the test's expect() calls are its check
  body: any;
  headers: LightMyRequestResponse['headers'];
}

/** inject() with a bearer token; returns status and parsed JSON body. */
export async function call(app: FastifyInstance, token: string | null, opts: InjectOptions): Promise<Answer> {
  const res = await app.inject({
    ...opts,
    headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers };
}

/** A multipart/form-data body for inject(): fields and (name → {filename, content, type}) files. */
export function multipartBody(
  fields: Record<string, string | number>,
  files: Record<string, { filename: string; content: Buffer; type?: string }> = {},
) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const [k, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(f.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The readers of the privacy matrix: an owner, the owner's friend, a registered stranger, and a
 * client-credentials token, each with `scopes`. Users are made in that order.
 */
export async function privacyCast(db: DB, scopes: readonly string[] = ALL_SCOPES, owner: Partial<{ full_name: string }> = {}) {
  const ownerId = (await createUser(db, owner)).id;
  const friend = (await createUser(db)).id;
  const stranger = (await createUser(db)).id;
  await befriend(db, ownerId, friend);
  return {
    owner: ownerId,
    friend,
    stranger,
    ownerToken: await tokenFor(db, ownerId, scopes),
    friendToken: await tokenFor(db, friend, scopes),
    strangerToken: await tokenFor(db, stranger, scopes),
    clientToken: await tokenFor(db, null, scopes),
  };
}

/** A member with a token carrying every scope (or `scopes`): who an API test acts as. */
export async function createMember(db: DB, fullName?: string, scopes: readonly string[] = ALL_SCOPES) {
  const user = await createUser(db, fullName ? { full_name: fullName } : {});
  return { ...user, token: await tokenFor(db, user.id, scopes) };
}
export type Member = Awaited<ReturnType<typeof createMember>>;

/**
 * An owner and a friend of theirs, each with a token of `scopes` (the friend's with
 * `friendExtra` too), and a client-credentials token of `scopes`: the cast of most write tests.
 */
export async function ownerFriendAndClient(db: DB, scopes: readonly string[], friendExtra: readonly string[] = []) {
  const owner = (await createUser(db)).id;
  const friend = (await createUser(db)).id;
  await befriend(db, owner, friend);
  return {
    owner,
    friend,
    ownerToken: await tokenFor(db, owner, scopes),
    friendToken: await tokenFor(db, friend, [...scopes, ...friendExtra]),
    clientToken: await tokenFor(db, null, scopes),
  };
}

/** What site search finds for `reader` (its first ten, by relevance), as `type:id`: through the index alone. */
export async function searchHits(db: DB, reader: number, keywords: string): Promise<string[]> {
  const { hits } = await searchIndex.search(db, {
    terms: parseKeywords(keywords),
    sources: searchSources(reader),
    type: null,
    sort: 'relevance',
    limit: 10,
    offset: 0,
  });
  return hits.map((h) => `${h.type}:${h.id}`);
}
