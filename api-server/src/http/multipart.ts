import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, invalidParams } from '../errors.ts';

/**
 * Spec: POST bodies are multipart/form-data. Every route reads them the same way: fields and
 * files land on request.body (files as Buffers; a name sent twice becomes an array), so the
 * route schemas validate them like any form. @fastify/multipart's own `attachFieldsToBody`
 * did the same but let the parser's errors out raw (a body without its boundary, cut off, or
 * with another boundary answered 500): here, whatever the parser refuses is the client's
 * mistake and answers in the envelope — 413 past a limit, 400 naming `body` otherwise.
 */

const tooLarge = (what: string) => new ApiError(413, 'request_too_large', `The request is larger than this server accepts (${what}).`);

/** The envelope error for a multipart body the parser could not take. */
function multipartFailure(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { statusCode?: number; code?: string; message?: string };
  if (e.statusCode === 413) {
    const what =
      e.code === 'FST_REQ_FILE_TOO_LARGE'
        ? 'a file is over the upload limit'
        : e.code === 'FST_FILES_LIMIT'
          ? 'too many files'
          : e.code === 'FST_FIELDS_LIMIT'
            ? 'too many fields'
            : 'too many parts';
    return tooLarge(what);
  }
  const reason =
    e.code === 'FST_PROTO_VIOLATION'
      ? 'a field name is not allowed'
      : e.code === 'FST_INVALID_JSON_FIELD_ERROR'
        ? 'a field declared as JSON is not valid JSON'
        : // Busboy's own messages ("Unexpected end of form", "Multipart: Boundary not found") name
          // the fault in the bytes sent and carry nothing of the server's.
          typeof e.message === 'string' && e.message.length < 200
          ? e.message
          : 'it could not be read';
  return invalidParams([
    { name: 'body', message: `is not a complete multipart/form-data body: ${reason}`, error_text: 'invalid_parameter' },
  ]);
}

async function collect(req: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for await (const part of req.parts()) {
    let value: unknown;
    if (part.type === 'file') {
      value = await part.toBuffer();
    } else {
      if (part.fieldnameTruncated || part.valueTruncated) throw tooLarge('a field is over the size limit');
      value = part.value;
    }
    const before = body[part.fieldname];
    body[part.fieldname] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return body;
}

/** Registers the hook that reads multipart bodies into request.body (register @fastify/multipart first). */
export function multipartBodies(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (!req.isMultipart()) return;
    try {
      req.body = await collect(req);
    } catch (err) {
      throw multipartFailure(err);
    }
  });
}
