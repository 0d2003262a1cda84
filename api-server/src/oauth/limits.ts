import type { FastifyError } from 'fastify';

/**
 * How long each parameter of the OAuth endpoints may be. The authorize page carries its
 * request through the sign-in and consent forms and back in redirects, so everything it accepts
 * it may also echo: unbounded, a 100,000-character `state` became a 100 KB Location that the
 * browser's next request could not carry (431). Generous for any real client (a JWT as
 * `state`, every scope at once), small enough for a URL.
 */
export const OAUTH_PARAM_MAX = {
  response_type: 20,
  client_id: 200,
  redirect_uri: 2000,
  scope: 1000,
  state: 1024,
  code_challenge: 128,
  code_challenge_method: 10,
  grant_type: 100,
  code: 512,
  code_verifier: 128,
  refresh_token: 512,
  client_secret: 512,
  token: 512,
  token_type_hint: 50,
  email: 320,
  password: 1024,
  provider: 100,
  uid: 255,
  action: 20,
  csrf_token: 200,
} as const;

export type OAuthParam = keyof typeof OAUTH_PARAM_MAX;

/**
 * Largest body of the token and revocation endpoints, in bytes (a multipart one's fields
 * together too: http/multipart.ts). A client that authenticates in the form is known only once
 * the form is read, so what an anonymous sender can make the server read is kept this small:
 * every parameter of the token endpoint at its longest, percent-encoded, is under 21 KB.
 */
export const OAUTH_FORM_MAX = 32 * 1024;

/** Schema properties for these parameters: text of at most their length. */
type TextParam = { type: 'string'; maxLength: number };
export function textParams<N extends OAuthParam>(names: readonly N[]): Record<N, TextParam> {
  const entries = names.map((n): [N, TextParam] => [n, { type: 'string', maxLength: OAUTH_PARAM_MAX[n] }]);
  return Object.fromEntries(entries) as Record<N, TextParam>;
}

/** Longest error_description (or error page message built from input) an endpoint answers. */
export const DESCRIPTION_MAX = 300;

/** Longest Location we redirect to: well inside what a browser sends back (servers refuse ~8–16 KB request lines). */
export const LOCATION_MAX = 8 * 1024;

/** "state is longer than 1024 characters." for a schema refusal over a length; undefined for any other. */
export function tooLongMessage(err: FastifyError): string | undefined {
  const v = err.validation?.find((e) => e.keyword === 'maxLength');
  if (!v) return undefined;
  const name = (v.instancePath || '').replace(/^\//, '') || 'A parameter';
  return `${name} is longer than ${(v.params as { limit?: number }).limit} characters.`;
}
