import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../db/index.ts';
import { type Client, findClient } from './clients.ts';
import { verifySecret } from './crypto.ts';
import { dummyHash } from './credentials.ts';
import { OAUTH_FORM_MAX } from './limits.ts';
import { invalidClient, invalidRequest, oauthErrorHandler } from './oauth-error.ts';
import { CLIENT_BASIC } from '../openapi/marks.ts';

/** Form parameters of the token and revocation endpoints; empty values count as omitted (RFC 6749 §3.1). */
export type FormParams = Record<string, string | undefined>;

export function formParams(body: unknown): FormParams {
  const out: FormParams = {};
  if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string' && v !== '') out[k] = v;
  }
  return out;
}

/** RFC 6749 §2.3.1: client id and secret are form-urlencoded before they are put in the Basic header. */
function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function basicCredentials(header: string): { id: string; secret: string } {
  const encoded = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header)?.[1];
  if (!encoded) throw invalidClient('Authenticate the client with HTTP Basic (client_id:client_secret).');
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient('The Basic credentials must be client_id:client_secret.');
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw invalidClient('The Basic credentials are not correctly form-urlencoded.');
  }
}

/** The client of these credentials, its secret checked (invalid_client otherwise). */
async function verifyClient(db: DB, id: string, secret: string | undefined): Promise<Client> {
  const client = await findClient(db, id);
  if (!client) {
    if (secret) await verifySecret(secret, await dummyHash());
    throw invalidClient();
  }
  if (client.secretHash === null) {
    // A public client has no secret; one that sends a secret is not who it claims to be.
    if (secret) throw invalidClient();
    return client;
  }
  if (!secret) throw invalidClient('This client is confidential: send its client_secret.');
  if (!(await verifySecret(secret, client.secretHash))) throw invalidClient();
  return client;
}

/** Clients that authenticated with HTTP Basic, checked before their request's body was read. */
const basicClients = new WeakMap<FastifyRequest, Client>();

/**
 * onRequest hook of the token and revocation endpoints: a client that authenticates with HTTP
 * Basic is checked before the body is read, so that a body sent with wrong credentials (or
 * with any other scheme) is refused unread. One that authenticates in the form can only be
 * checked once the form is read; the endpoints' small bodyLimit bounds it (OAUTH_FORM_MAX).
 */
function checkBasicClient(db: DB) {
  return async function basicClientFirst(req: FastifyRequest): Promise<void> {
    const header = req.headers.authorization;
    if (header === undefined) return;
    const { id, secret } = basicCredentials(header);
    basicClients.set(req, await verifyClient(db, id, secret));
  };
}

/**
 * The security requirement of these endpoints in the OpenAPI document: HTTP Basic, or (the empty
 * requirement) the client in the form: client_secret_post, or client_id alone for a public client.
 */
export const clientSecurity: { [scheme: string]: string[] }[] = [{ [CLIENT_BASIC]: [] }, {}];

/** Route options of the endpoints a client authenticates to (token, revocation): RFC 6749 errors, a small form, Basic checked first. */
export function clientEndpoint(app: FastifyInstance) {
  return {
    errorHandler: oauthErrorHandler,
    bodyLimit: Math.min(app.config.bodyLimit, OAUTH_FORM_MAX),
    onRequest: checkBasicClient(app.db),
  };
}

/**
 * The client making a token or revocation request: HTTP Basic (client_secret_basic), client_id and
 * client_secret in the form (client_secret_post), or client_id alone for a public client (none).
 */
export async function authenticateClient(db: DB, req: FastifyRequest, params: FormParams): Promise<Client> {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const { id, secret } = basicCredentials(header);
    // RFC 6749 §2.3: a client MUST NOT use more than one authentication method in a request.
    // A client_id equal to the Basic one is tolerated: some libraries always send it.
    if (params.client_secret !== undefined || (params.client_id !== undefined && params.client_id !== id)) {
      throw invalidRequest('Authenticate the client one way only: HTTP Basic, or client_id and client_secret in the form.');
    }
    return basicClients.get(req) ?? verifyClient(db, id, secret);
  }
  const id = params.client_id;
  if (id === undefined) throw invalidClient('Client authentication is required (HTTP Basic, or client_id in the form).');
  return verifyClient(db, id, params.client_secret);
}

/** RFC 6749 §4.1.3 / §4.3.2: these endpoints take a form body (multipart is accepted too). */
export function requireForm(req: FastifyRequest): void {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    throw invalidRequest('Send the parameters as an application/x-www-form-urlencoded form.');
  }
}
