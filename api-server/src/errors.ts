import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSerializationFailure, isUniqueViolation } from './db/dialect.ts';

/**
 * Every `error_text` the API answers, with the statuses it comes with. docs/api.md ("Conventions",
 * "Errors") lists each one (a test holds it to that); an error_text not named here does not compile.
 */
export const ERROR_TEXTS = {
  invalid_parameters: [400],
  bad_request: [400, 408],
  unauthorized_user: [401],
  forbidden: [403],
  insufficient_scope: [403],
  not_found: [404],
  conflict: [409],
  request_too_large: [413, 431],
  too_many_requests: [429],
  unsupported_media_type: [415],
  exception_error: [500],
  upstream_error: [502, 504],
} as const satisfies Record<string, readonly number[]>;
export type ErrorText = keyof typeof ERROR_TEXTS;

export interface ParamError {
  name: string;
  message: string;
  error_text: 'missing_parameter' | 'invalid_parameter';
}

/** An error the API answers with its envelope: HTTP status = error_code (DESIGN.md). */
export class ApiError extends Error {
  readonly status: number;
  readonly errorText: ErrorText;
  readonly params?: ParamError[];
  readonly headers?: Record<string, string>;
  constructor(status: number, errorText: ErrorText, message: string, params?: ParamError[], headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errorText = errorText;
    this.params = params;
    this.headers = headers;
  }

  /** Fastify's name for it: route-level error handlers (OAuth, legacy) tell client errors by it. */
  get statusCode(): number {
    return this.status;
  }
}

export const badRequest = (message: string) => new ApiError(400, 'bad_request', message);
export const notFound = (message = 'The item was not found or you may not see it.') => new ApiError(404, 'not_found', message);
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, 'forbidden', message);
/** A 403 whose reason concerns one parameter (a member named in `to`, `user_id`): it names it, so that a client says why. */
export const refusedParam = (name: string, message: string) =>
  new ApiError(403, 'forbidden', message, [{ name, message, error_text: 'invalid_parameter' }]);
export const invalidParams = (params: ParamError[]) =>
  new ApiError(400, 'invalid_parameters', params.map((p) => `${p.name}: ${p.message}`).join('; '), params);
export const invalidParam = (name: string, message: string) => invalidParams([{ name, message, error_text: 'invalid_parameter' }]);
export const missingParam = (name: string, message = 'is required') => invalidParams([{ name, message, error_text: 'missing_parameter' }]);

function errorBody(status: number, errorText: ErrorText, message: string, params?: ParamError[]) {
  return {
    success: false as const,
    data: { message, error_text: errorText, error_code: status, ...(params ? { error_params: params } : {}) },
  };
}

/** Ajv's messages (http/safe-numbers.ts words its own), and ours for the keywords whose words name nothing. */
function validationMessage(keyword: string, params: Record<string, unknown>, fallback: string | undefined): string {
  switch (keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known parameter';
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    default:
      return fallback ?? 'is invalid';
  }
}

/** Ajv validation errors (Fastify's schema check) as the spec's invalid_parameters list. */
function paramErrors(err: FastifyError): ParamError[] {
  const out = new Map<string, ParamError>();
  for (const v of err.validation ?? []) {
    const params = v.params as Record<string, unknown>;
    let name = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    if (v.keyword === 'required') name = String(params.missingProperty);
    else if (v.keyword === 'additionalProperties') name = String(params.additionalProperty);
    if (!name) name = err.validationContext ?? 'body';
    const error_text: ParamError['error_text'] = v.keyword === 'required' ? 'missing_parameter' : 'invalid_parameter';
    if (!out.has(name)) out.set(name, { name, message: validationMessage(v.keyword, params, v.message), error_text });
  }
  return [...out.values()];
}

/** A client error of Fastify's or a parser's as the envelope (nothing of theirs is passed on but a short message). */
function clientError(err: FastifyError): ApiError {
  const status = err.statusCode ?? 400;
  if (status === 413) return new ApiError(413, 'request_too_large', 'The request body is larger than this server accepts.');
  if (status === 415) {
    return new ApiError(415, 'unsupported_media_type', 'Unsupported content type; send multipart/form-data or a urlencoded form.');
  }
  if (err.code?.startsWith('FST_ERR_CTP_') || err instanceof SyntaxError) {
    // The body parsers' refusals: malformed JSON, an empty JSON body, a bad Content-Length.
    const reason = err.message.length < 200 ? err.message : 'it could not be read';
    return invalidParams([{ name: 'body', message: `could not be read: ${reason}`, error_text: 'invalid_parameter' }]);
  }
  return new ApiError(400, 'bad_request', err.message.length < 200 ? err.message : 'The request could not be read.');
}

function sendApiError(reply: FastifyReply, err: ApiError): FastifyReply {
  if (err.headers) reply.headers(err.headers);
  return reply
    .code(err.status)
    .header('X-Content-Type-Options', 'nosniff')
    .send(errorBody(err.status, err.errorText, err.message, err.params));
}

const shortPath = (url: string): string => {
  const path = url.split('?')[0] ?? '';
  return path.length > 100 ? `${path.slice(0, 100)}…` : path;
};

/**
 * A write that lost a race with another one, the API's other instances' included: a unique
 * constraint refused its row (the same like, report or request sent twice at once), or its
 * serializable transaction kept meeting concurrent ones (db/dialect.ts transact). Nothing of it
 * was applied; the client may look again and retry.
 */
function concurrentWrite(err: unknown): ApiError | null {
  if (isUniqueViolation(err)) return new ApiError(409, 'conflict', 'The same change was just made by another request.');
  if (isSerializationFailure(err)) {
    return new ApiError(409, 'conflict', 'Other changes to the same items were being made at the same time; please try again.');
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof ApiError) return sendApiError(reply, err);
    if (err.validation) {
      const params = paramErrors(err);
      return sendApiError(reply, invalidParams(params));
    }
    const conflict = concurrentWrite(err);
    if (conflict) return sendApiError(reply, conflict);
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendApiError(reply, clientError(err));
    req.log.error({ err }, `unhandled error: ${req.method} ${shortPath(req.url)}`);
    return sendApiError(reply, new ApiError(500, 'exception_error', 'Something went wrong on our side. Please try again.'));
  });

  app.setNotFoundHandler((req, reply) => {
    sendApiError(reply, notFound(`No such endpoint: ${req.method} ${shortPath(req.url)}`));
  });
}

/**
 * The router's refusals of a path whose parameter is not valid percent-encoding
 * (FST_ERR_BAD_URL) or is longer than any id (FST_ERR_MAX_PARAM_LENGTH): the path names nothing.
 */
export const namesNoEndpoint = (err: FastifyError): boolean => err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH';

/**
 * Fastify's `frameworkErrors` for the API: a path that names no endpoint (namesNoEndpoint) is a
 * 404. They come before any route, so app.ts sends those of the /apps pages to their own handler.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  if (namesNoEndpoint(err)) {
    sendApiError(reply, notFound(`No such endpoint: ${req.method} ${shortPath(req.raw.url ?? '')}`));
    return;
  }
  req.log.error({ err }, 'framework error');
  sendApiError(reply, new ApiError(400, 'bad_request', 'The request could not be read.'));
}

/**
 * Node's HTTP parser refusals, before Fastify sees a request (Fastify's `clientErrorHandler`):
 * headers or a request line too large (431), a request that is not HTTP (400). Answered in the
 * envelope on the raw socket, which is then closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          errorBody(431, 'request_too_large', 'The request line or headers are larger than this server accepts.'),
        ]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', errorBody(408, 'bad_request', 'The request took too long to arrive.')]
        : [400, 'Bad Request', errorBody(400, 'bad_request', 'The request is not valid HTTP.')];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
}
