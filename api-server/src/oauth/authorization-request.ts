import type { DB } from '../db/index.ts';
import { type Client, findClient, isPublicClient } from './clients.ts';
import { cleanDescription } from './oauth-error.ts';
import { parseScope } from './scopes.ts';

/** The parameters of an authorization request (RFC 6749 §4.1.1, §4.2.1, RFC 7636 §4.3). */
export const AUTHORIZATION_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;
export type AuthorizationParams = Partial<Record<(typeof AUTHORIZATION_PARAMS)[number], string>>;

export interface AuthorizationRequest {
  client: Client;
  responseType: 'code' | 'token';
  /** Where the response goes: the redirect_uri asked for, or the client's only registered one. */
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string | null;
  /** The parameters as received, to carry through the sign-in and consent forms. */
  params: AuthorizationParams;
}

export type CheckedRequest =
  /** The client or its redirect URI cannot be trusted: show the error, never redirect (§4.1.2.1). */
  | { kind: 'show'; message: string }
  /** Any other error goes back to the client, at the verified redirect URI. */
  | { kind: 'redirect'; location: string }
  | { kind: 'ok'; request: AuthorizationRequest };

// S256 of a verifier is 32 bytes: 43 base64url characters.
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Keeps the known parameters that are text; empty ones count as omitted (RFC 6749 §3.1). */
export function authorizationParams(input: unknown): AuthorizationParams {
  const out: AuthorizationParams = {};
  if (input && typeof input === 'object') {
    const record = input as Record<string, unknown>;
    for (const name of AUTHORIZATION_PARAMS) {
      const value = record[name];
      if (typeof value === 'string' && value !== '') out[name] = value;
    }
  }
  return out;
}

/**
 * The redirect URI with the response added: in the query for the code flow, in the fragment for
 * the implicit flow (RFC 6749 §4.2.2), so that a token never reaches a server log.
 */
export function responseLocation(redirectUri: string, values: Record<string, string | null | undefined>, inFragment: boolean): string {
  const url = new URL(redirectUri);
  const entries = Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string');
  if (inFragment) {
    url.hash = new URLSearchParams(entries).toString();
  } else {
    for (const [k, v] of entries) url.searchParams.append(k, v);
  }
  return url.toString();
}

export function errorLocation(
  request: { redirectUri: string; state: string | null; inFragment: boolean },
  error: string,
  description: string,
): string {
  return responseLocation(
    request.redirectUri,
    { error, error_description: cleanDescription(description), state: request.state },
    request.inFragment,
  );
}

/** Validates an authorization request in the order RFC 6749 §4.1.2.1 requires. */
export async function checkAuthorizationRequest(db: DB, params: AuthorizationParams): Promise<CheckedRequest> {
  if (!params.client_id) return { kind: 'show', message: 'The request does not say which application is asking (client_id is missing).' };
  const client = await findClient(db, params.client_id);
  if (!client) return { kind: 'show', message: 'The application asking for access is not registered here (unknown client_id).' };

  let redirectUri: string;
  if (params.redirect_uri !== undefined) {
    // Exact string match only (RFC 6749 §3.1.2.3; Security BCP §4.1): no prefix or pattern.
    if (!client.redirectUris.includes(params.redirect_uri)) {
      return { kind: 'show', message: 'The address to send you back to (redirect_uri) is not one this application registered.' };
    }
    redirectUri = params.redirect_uri;
  } else if (client.redirectUris.length === 1) {
    redirectUri = client.redirectUris[0]!;
  } else {
    return { kind: 'show', message: 'The request does not say where to send you back to (redirect_uri is missing).' };
  }

  const state = params.state ?? null;
  const inFragment = params.response_type === 'token';
  const fail = (error: string, description: string): CheckedRequest => ({
    kind: 'redirect',
    location: errorLocation({ redirectUri, state, inFragment }, error, description),
  });

  const responseType = params.response_type;
  if (!responseType) return fail('invalid_request', 'response_type is required.');
  if (responseType !== 'code' && responseType !== 'token') {
    return fail('unsupported_response_type', 'response_type must be code or token.');
  }
  const grant = responseType === 'code' ? 'authorization_code' : 'implicit';
  if (!client.grants.includes(grant)) return fail('unauthorized_client', `This client may not use the ${grant} grant.`);

  const scope = parseScope(params.scope, client.scopes);
  if ('error' in scope) return fail('invalid_scope', scope.error);

  let codeChallenge: string | null = null;
  if (responseType === 'code') {
    const method = params.code_challenge_method;
    if (params.code_challenge !== undefined || method !== undefined) {
      // RFC 7636 §4.3: an absent method means "plain", which lets a stolen code be redeemed; only S256.
      if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256; plain is not supported.');
      if (params.code_challenge === undefined) return fail('invalid_request', 'code_challenge is required with code_challenge_method.');
      if (!S256_CHALLENGE.test(params.code_challenge))
        return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier.');
      codeChallenge = params.code_challenge;
    } else if (isPublicClient(client)) {
      return fail('invalid_request', 'A public client must use PKCE (code_challenge with code_challenge_method=S256).');
    }
  }

  return {
    kind: 'ok',
    request: { client, responseType, redirectUri, scopes: scope.scopes, state, codeChallenge, params },
  };
}
