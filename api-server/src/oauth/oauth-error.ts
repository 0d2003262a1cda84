import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DESCRIPTION_MAX, tooLongMessage } from './limits.ts';

/**
 * An RFC 6749 §5.2 error of the token and revocation endpoints. These endpoints answer
 * `{error, error_description}` rather than the API's envelope: OAuth client libraries parse it.
 */
class OAuthError extends Error {
  readonly error: string;
  readonly status: number;
  constructor(error: string, description: string, status = 400) {
    super(description);
    this.error = error;
    this.status = status;
  }
}

export const invalidRequest = (d: string) => new OAuthError('invalid_request', d);
export const invalidClient = (d = 'Client authentication failed.') => new OAuthError('invalid_client', d, 401);
export const invalidGrant = (d: string) => new OAuthError('invalid_grant', d);
export const invalidScope = (d: string) => new OAuthError('invalid_scope', d);
export const unauthorizedClient = (d: string) => new OAuthError('unauthorized_client', d);
export const unsupportedGrantType = (d: string) => new OAuthError('unsupported_grant_type', d);

/**
 * RFC 6749 §5.2 allows only %x20-21 / %x23-5B / %x5D-7E in error_description; and a description
 * built from what the client sent (an unknown scope) is cut to DESCRIPTION_MAX characters.
 */
export function cleanDescription(text: string): string {
  const clean = text.replace(/[^\x20-\x21\x23-\x5B\x5D-\x7E]/g, '?');
  return clean.length > DESCRIPTION_MAX ? `${clean.slice(0, DESCRIPTION_MAX - 3)}...` : clean;
}

/** Token responses and errors must not be cached (RFC 6749 §5.1). */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
}

function sendOAuthError(reply: FastifyReply, err: OAuthError): FastifyReply {
  noStore(reply);
  // RFC 6749 §5.2: invalid_client answers 401 with a challenge naming the scheme the client should use.
  if (err.status === 401) reply.header('WWW-Authenticate', 'Basic realm="oauth"');
  return reply.code(err.status).send({ error: err.error, error_description: cleanDescription(err.message) });
}

/** Route-level error handler of the JSON OAuth endpoints: RFC 6749 errors, never a stack trace. */
export function oauthErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof OAuthError) return sendOAuthError(reply, err);
  if (err.validation) {
    // RFC 6749 §3.2: a parameter sent more than once (or as a file) makes the request invalid.
    return sendOAuthError(reply, invalidRequest(tooLongMessage(err) ?? 'Each parameter must be sent at most once, as text.'));
  }
  const status = err.statusCode ?? 500;
  if (status === 413)
    return sendOAuthError(reply, new OAuthError('invalid_request', 'The request body is larger than this endpoint accepts.', 413));
  if (status >= 400 && status < 500) {
    return sendOAuthError(reply, invalidRequest('The request body could not be read; send an application/x-www-form-urlencoded form.'));
  }
  req.log.error({ err }, 'oauth endpoint failed');
  return sendOAuthError(reply, new OAuthError('server_error', 'Something went wrong on our side. Please try again.', 500));
}
