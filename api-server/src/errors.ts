import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface ParamError {
  name: string;
  message: string;
  error_text: 'missing_parameter' | 'invalid_parameter';
}

/** An error the API answers with its envelope: HTTP status = error_code (DESIGN.md). */
export class ApiError extends Error {
  readonly status: number;
  readonly errorText: string;
  readonly params?: ParamError[];
  readonly headers?: Record<string, string>;
  constructor(status: number, errorText: string, message: string, params?: ParamError[], headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errorText = errorText;
    this.params = params;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new ApiError(400, 'bad_request', message);
export const notFound = (message = 'The item was not found or you may not see it.') =>
  new ApiError(404, 'not_found', message);
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, 'forbidden', message);
export const invalidParams = (params: ParamError[]) =>
  new ApiError(
    400,
    'invalid_parameters',
    params.map((p) => `${p.name}: ${p.message}`).join('; '),
    params,
  );
export const invalidParam = (name: string, message: string) =>
  invalidParams([{ name, message, error_text: 'invalid_parameter' }]);
export const missingParam = (name: string, message = 'is required') =>
  invalidParams([{ name, message, error_text: 'missing_parameter' }]);

export function errorBody(status: number, errorText: string, message: string, params?: ParamError[]) {
  return {
    success: false as const,
    data: { message, error_text: errorText, error_code: status, ...(params ? { error_params: params } : {}) },
  };
}

/** Ajv validation errors (Fastify's schema check) as the spec's invalid_parameters list. */
function paramErrors(err: FastifyError): ParamError[] {
  const out = new Map<string, ParamError>();
  for (const v of err.validation ?? []) {
    const params = v.params as Record<string, unknown>;
    let name = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    let error_text: ParamError['error_text'] = 'invalid_parameter';
    let message = v.message ?? 'is invalid';
    if (v.keyword === 'required') {
      name = String(params.missingProperty);
      error_text = 'missing_parameter';
      message = 'is required';
    } else if (v.keyword === 'additionalProperties') {
      name = String(params.additionalProperty);
      message = 'is not a known parameter';
    } else if (v.keyword === 'enum') {
      message = `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    }
    if (!name) name = err.validationContext ?? 'body';
    if (!out.has(name)) out.set(name, { name, message, error_text });
  }
  return [...out.values()];
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof ApiError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.status).send(errorBody(err.status, err.errorText, err.message, err.params));
    }
    if (err.validation) {
      const params = paramErrors(err);
      return reply
        .code(400)
        .send(errorBody(400, 'invalid_parameters', params.map((p) => `${p.name}: ${p.message}`).join('; '), params));
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      return reply.code(413).send(errorBody(413, 'request_too_large', 'The request body is larger than this server accepts.'));
    }
    if (status === 415) {
      return reply.code(415).send(errorBody(415, 'bad_request', 'Unsupported content type; send multipart/form-data or a urlencoded form.'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, bad multipart...): their messages carry no internals.
      return reply.code(status).send(errorBody(status, 'bad_request', err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody(500, 'exception_error', 'Something went wrong on our side. Please try again.'));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(errorBody(404, 'not_found', `No such endpoint: ${req.method} ${req.url.split('?')[0]}`));
  });
}
