import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, invalidParam, invalidParams, missingParam } from '../errors.ts';

/**
 * Spec: POST bodies are multipart/form-data. Every route reads them the same way: fields and
 * files land on request.body (files as Buffers; a name sent twice becomes an array), so the
 * route schemas validate them like any form. @fastify/multipart's own `attachFieldsToBody`
 * did the same but let the parser's errors out raw (a body without its boundary, cut off, or
 * with another boundary answered 500): here, whatever the parser refuses is the client's
 * mistake and answers in the envelope — 413 past a limit, 400 naming `body` otherwise.
 *
 * Nothing is kept past what the route takes: API_BODY_LIMIT (the route's bodyLimit) bounds the
 * fields as it bounds a urlencoded form (their number, each one's size and their total, counted
 * as they arrive), files are taken only under the names a route declares (`config.files`), and
 * the refusal cuts the parser off, so that the rest of a hostile body is dropped as it comes,
 * never collected (issue 52: 160 fields of 1 MB to the token endpoint were held before its 401).
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

/** Most fields one multipart body may carry. */
const MAX_FIELDS = 200;
/** Header lines one part may carry (a part needs two: Content-Disposition and Content-Type). */
const MAX_PART_HEADERS = 8;

/** What one route takes in a multipart body. */
interface Allowance {
  /** The fields' names and values together, in bytes: the route's bodyLimit (API_BODY_LIMIT by default). */
  fieldBytes: number;
  /** The names it takes a file under, each once (route config `files`). */
  files: readonly string[];
  /** Largest file, in bytes (UPLOAD_MAX_BYTES, or the route's `spool.bytes`). */
  fileBytes: number;
  /** Where files are written as they arrive (routes with `spool`); undefined: they are held as Buffers. */
  spoolDir?: string;
}

/**
 * A file a route with `spool` took (videos): written to disk as it arrived, never held in memory.
 * The route moves it where it belongs (storage/videos.ts); what is still at `path` when the
 * answer has gone is removed.
 */
export class SpooledFile {
  readonly path: string;
  readonly size: number;
  readonly filename: string;
  constructor(file: string, size: number, filename: string) {
    this.path = file;
    this.size = size;
    this.filename = filename;
  }
}

/** Writes a file part to a new file under `dir`, counting its bytes (the parser cuts it at the limit). */
async function spool(req: FastifyRequest, dir: string, file: NodeJS.ReadableStream, filename: string): Promise<SpooledFile> {
  await fs.promises.mkdir(dir, { recursive: true });
  const target = path.join(dir, `${crypto.randomBytes(16).toString('hex')}.upload`);
  (req.spooled ??= []).push(target);
  let size = 0;
  file.on('data', (chunk: Buffer) => (size += chunk.length));
  await pipeline(file, fs.createWriteStream(target, { flags: 'wx' }));
  return new SpooledFile(target, size, filename);
}

/**
 * The most a body within the allowance can measure: its fields, as many bytes again for the
 * boundaries and part headers around its parts, and its files. A longer Content-Length is
 * refused before a byte is read.
 */
const largestBody = (a: Allowance) => 2 * a.fieldBytes + a.files.length * a.fileBytes;

const byteLength = (value: unknown) => Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value));

async function collect(req: FastifyRequest, allowance: Allowance): Promise<Record<string, unknown>> {
  const { fieldBytes, files, fileBytes, spoolDir } = allowance;
  const body: Record<string, unknown> = {};
  let fieldTotal = 0;
  const parts = req.parts({
    limits: {
      fields: MAX_FIELDS,
      fieldSize: fieldBytes,
      // One more file than the route takes, so that the parser hands over the first one too many
      // (its name is then refused, its bytes unread) instead of skipping it through to the end.
      files: files.length + 1,
      fileSize: fileBytes,
      parts: MAX_FIELDS + files.length + 1,
      headerPairs: MAX_PART_HEADERS,
    },
  });
  for await (const part of parts) {
    let value: unknown;
    if (part.type === 'file') {
      if (!files.includes(part.fieldname)) {
        const takes = files.length ? `takes a file only as ${files.join(', ')}` : 'takes no file';
        throw invalidParams([{ name: part.fieldname, message: `is a file, and this request ${takes}`, error_text: 'invalid_parameter' }]);
      }
      if (body[part.fieldname] !== undefined) {
        throw invalidParams([{ name: part.fieldname, message: 'must be sent once', error_text: 'invalid_parameter' }]);
      }
      value = spoolDir ? await spool(req, spoolDir, part.file, part.filename) : await part.toBuffer();
    } else {
      if (part.fieldnameTruncated || part.valueTruncated) throw tooLarge('a field is over the size limit');
      value = part.value;
      // API_BODY_LIMIT holds for the fields together, as it does for a urlencoded form.
      fieldTotal += Buffer.byteLength(part.fieldname) + byteLength(value);
      if (fieldTotal > fieldBytes) throw tooLarge('its fields are over the size limit together');
    }
    const before = body[part.fieldname];
    body[part.fieldname] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return body;
}

/**
 * After a refusal in the middle of a body: the rest is not parsed (the parser is cut off from
 * the request, or it would go on collecting fields to the end) but read and dropped as it comes,
 * as Node drops the body of any request answered without reading it. The connection is not
 * closed under the client: one still writing its body would meet a reset, and never read the
 * answer.
 */
function dropTheRest(req: FastifyRequest): void {
  req.raw.unpipe();
  req.raw.resume();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The multipart fields this route takes a file under, each once; a file part of another name is refused unread. */
    files?: readonly string[];
    /**
     * The route's files are written to disk as they arrive (SpooledFile), each up to the setting
     * `limit` names (VIDEO_MAX_BYTES: 'videoMaxBytes', SONG_MAX_BYTES: 'songMaxBytes'), rather than
     * held in memory up to UPLOAD_MAX_BYTES.
     */
    spool?: { limit: 'videoMaxBytes' | 'songMaxBytes' };
  }
  interface FastifyRequest {
    /** Files this request spooled to disk, removed once it is answered (those still there). */
    spooled?: string[];
  }
}

async function removeSpooled(req: FastifyRequest): Promise<void> {
  if (req.spooled) await Promise.all(req.spooled.map((f) => fs.promises.rm(f, { force: true })));
}

/**
 * Registers the hook that reads multipart bodies into request.body (register @fastify/multipart
 * first). It runs after the routes' onRequest hooks, so a request without a valid token is
 * refused before its body is read; what it reads is bounded by the route's allowance.
 */
export function multipartBodies(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (!req.isMultipart() || req.is404) return;
    const { files = [], spool: spooling } = req.routeOptions.config;
    const allowance: Allowance = {
      fieldBytes: req.routeOptions.bodyLimit,
      files,
      fileBytes: spooling ? app.config[spooling.limit] : app.config.uploadMaxBytes,
      spoolDir: spooling ? path.join(app.config.dataDir, 'spool') : undefined,
    };
    const declared = Number(req.headers['content-length']);
    // Refused unread (Node drops the body of a request answered without reading it).
    if (declared > largestBody(allowance)) throw tooLarge('its length is over the limit');
    try {
      req.body = await collect(req, allowance);
    } catch (err) {
      dropTheRest(req);
      await removeSpooled(req);
      throw multipartFailure(err);
    }
  });
  // A spooled file the route did not move away goes with the request, whatever its answer.
  app.addHook('onResponse', removeSpooled);
  app.addHook('onRequestAbort', removeSpooled);
}

/**
 * An optional file part: undefined when absent or empty (a browser form with no file chosen
 * still sends an empty part), 400 when the field is not a file.
 */
export function optionalFile(value: unknown, name: string): Buffer | undefined {
  if (value === undefined) return undefined;
  if (!Buffer.isBuffer(value)) {
    if (value === '') return undefined;
    throw invalidParam(name, 'must be a file part');
  }
  return value.length ? value : undefined;
}

/** A required file of a spooling route (`name`, for `what`: "to upload a video"): 400 when absent, not a file, or empty. */
export function requiredSpooledFile(value: unknown, name: string, what: string): SpooledFile {
  if (value === undefined || value === '') throw missingParam(name, `is required ${what}`);
  if (!(value instanceof SpooledFile)) throw invalidParam(name, 'must be a file part');
  if (value.size === 0) throw invalidParam(name, 'is an empty file');
  return value;
}
