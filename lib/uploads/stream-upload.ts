import { CHECK_FIELDS } from '../action-result.ts';
import type { UploadStream } from '../social-api/albums.ts';
import { isApiError } from '../social-api/errors.ts';
import { formatBytes, notAPhotoMessage, PHOTO_KINDS_TEXT } from '../validations/photo-file.ts';
import { multipartBoundary, PHOTO_KIND, readMultipartHead, type SniffedKind } from './multipart-head.ts';

// The one implementation of the BFF's upload routes (app/api/upload/*/route.ts), photos and
// videos (`kind`): each route says where the file goes and what it answers; everything else is
// here, in this order:
//   1. where from: only this site's own pages may upload (Origin and Sec-Fetch-Site; CSRF);
//   2. what: a multipart body that says its length, not larger than a photo may be (413);
//   3. who: a signed-in person (401);
//   4. the file itself, from the head of the body: a photo by its first bytes (415), not larger
//      than UPLOAD_MAX_BYTES (413);
// and only then the body goes on to the API as it arrives, never held whole (the routes stay
// out of proxy.ts's matcher, which would buffer and cut the body).

/** Room for the multipart envelope around the file (boundaries, part headers, small fields). */
const MULTIPART_OVERHEAD = 16 * 1024;

const NOT_FROM_HERE = 'This upload did not come from this site.';

/** The kind of file a route takes (by its first bytes) and the words of its refusals. */
export interface UploadKind extends SniffedKind {
  /** "photo", "photos": what the refusals call one and several. */
  one: string;
  plural: string;
  /** The refusal of a file that is not of this kind. */
  notThis(fileName: string): string;
  /** The formats taken, in words (the refusal's `accepted`). */
  accepted: string;
}

const PHOTO_UPLOAD: UploadKind = {
  ...PHOTO_KIND,
  one: 'photo',
  plural: 'photos',
  notThis: notAPhotoMessage,
  accepted: PHOTO_KINDS_TEXT,
};

export interface StreamUploadOptions<R> {
  /** The web app's own origin (WEB_ORIGIN). */
  webOrigin: string;
  /** Largest photo, in bytes (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** The API's name of the file part. */
  field: string;
  /** The signed-in person's access token, or null (lib/auth/session getSession in the routes). */
  session: () => Promise<{ accessToken: string } | null>;
  /** Sends the body on to the API; answers what the route answers the browser on success. */
  forward: (token: string, upload: UploadStream, signal: AbortSignal, form: UploadForm) => Promise<R>;
  /**
   * Checks the text fields the browser sent before the file, once the file is known to be a
   * photo: an answer refuses the upload (nothing reaches the API), undefined lets it through.
   */
  checkFields?: (fields: Record<string, string>) => Response | undefined;
  /** How the API's field errors are answered (the route's own names for them); else the API's message alone. */
  fieldErrors?: (apiFieldErrors: Record<string, string>) => Record<string, string> | undefined;
  /** For the server log. */
  label: string;
  /** What kind of file it is: a photo unless told. */
  kind?: UploadKind;
}

/** The fields that came before the file, and the same upload with other fields in their place. */
export interface UploadForm {
  fields: Record<string, string>;
  /**
   * The body with these fields (undefined ones left out) in place of the browser's, then the
   * file's part and the rest as they arrive: the API reads what the route built from checked values.
   */
  withFields(fields: Record<string, string | number | undefined>): UploadStream;
}

/** A field's value holds the body's boundary (the browser chose it): it cannot be written in that body. */
class BoundaryInValue extends Error {}

/** A multipart body's text fields, written with the body's own boundary. */
function fieldsPrefix(boundary: string, fields: Record<string, string | number | undefined>): Buffer {
  const quote = (name: string) => name.replace(/["\r\n]/g, (c) => encodeURIComponent(c));
  const parts = Object.entries(fields)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([name, value]) => {
      if (String(value).includes(`--${boundary}`)) throw new BoundaryInValue();
      return `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`;
    });
  return Buffer.from(parts.join(''), 'utf8');
}

export function uploadAnswer(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ message, ...extra }, { status, headers: { 'cache-control': 'no-store' } });
}

/** 403 unless the request comes from a page of this site (a state-changing route handler). */
export function refuseCrossSite(request: Request, webOrigin: string): Response | undefined {
  if (request.headers.get('origin') !== webOrigin) return uploadAnswer(403, NOT_FROM_HERE);
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin') return uploadAnswer(403, NOT_FROM_HERE);
  return undefined;
}

const tooLarge = (kind: UploadKind, maxBytes: number, name?: string) =>
  uploadAnswer(
    413,
    `${name ? `“${name}” is too large` : `The ${kind.one} is too large`}: ${kind.plural} can be at most ${formatBytes(maxBytes)}.`,
    { max_bytes: maxBytes },
  );

const signedOut = (kind: UploadKind) => `You are signed out. Sign in again to upload ${kind.plural}.`;

/** Streams one upload (a photo unless `kind` says otherwise) through to the API, refusing on the way what the API would not take. */
export async function streamUpload<R extends Record<string, unknown>>(request: Request, opts: StreamUploadOptions<R>): Promise<Response> {
  const crossSite = refuseCrossSite(request, opts.webOrigin);
  if (crossSite) return crossSite;
  const kind = opts.kind ?? PHOTO_UPLOAD;

  const contentType = request.headers.get('content-type') ?? '';
  const boundary = multipartBoundary(contentType);
  if (!boundary) return uploadAnswer(415, `Send the ${kind.one} as a form upload (multipart/form-data).`);
  const declared = request.headers.get('content-length');
  const length = declared === null ? NaN : Number(declared);
  if (!Number.isSafeInteger(length) || length < 0) return uploadAnswer(411, 'The upload must say how large it is (Content-Length).');
  if (length > opts.maxBytes + MULTIPART_OVERHEAD) return tooLarge(kind, opts.maxBytes);
  if (!request.body) return uploadAnswer(400, 'The upload is empty.');

  const session = await opts.session();
  if (!session) return uploadAnswer(401, signedOut(kind));

  const head = await readMultipartHead(request.body, boundary, length, opts.field, kind);
  if (!head.ok) {
    if (head.problem === 'not-a-photo') return uploadAnswer(415, kind.notThis(head.fileName ?? 'This file'), { accepted: kind.accepted });
    if (head.problem === 'no-file') return uploadAnswer(400, `The upload has no file (the form part ${opts.field}).`);
    return uploadAnswer(400, `The upload was not understood. Choose the ${kind.one} again.`);
  }
  if (head.fileSize > opts.maxBytes) {
    await head.body.cancel().catch(() => {});
    return tooLarge(kind, opts.maxBytes, head.fileName);
  }

  const refused = opts.checkFields?.(head.fields);
  if (refused) {
    await head.body.cancel().catch(() => {});
    return refused;
  }
  const form: UploadForm = {
    fields: head.fields,
    withFields: (fields) => {
      const { body, length: total } = head.withHead(fieldsPrefix(boundary, fields));
      return { body, contentType, contentLength: String(total) };
    },
  };

  try {
    const result = await opts.forward(
      session.accessToken,
      { body: head.body, contentType, contentLength: String(length) },
      request.signal,
      form,
    );
    return Response.json(result, { headers: { 'cache-control': 'no-store' } });
  } catch (e) {
    if (request.signal.aborted) return uploadAnswer(499, 'The upload was cancelled.');
    if (e instanceof BoundaryInValue) {
      await head.body.cancel().catch(() => {});
      return uploadAnswer(400, 'The upload was not understood. Please retry.');
    }
    if (isApiError(e)) {
      if (e.status === 401) return uploadAnswer(401, signedOut(kind));
      const fieldMessage = e.fieldErrors[opts.field];
      if (fieldMessage) return uploadAnswer(e.status, `“${head.fileName}” was refused: ${fieldMessage}.`);
      const fieldErrors = opts.fieldErrors?.(e.fieldErrors);
      if (fieldErrors) return uploadAnswer(e.status, CHECK_FIELDS, { field_errors: fieldErrors });
      // The API could not read the form: it ended before its last boundary.
      if (e.fieldErrors.body) return uploadAnswer(400, 'The upload did not arrive whole. Please retry.');
      // The API's own failure is a bad gateway here, never this site's 500.
      return uploadAnswer(e.status >= 500 ? (e.status === 504 ? 504 : 502) : e.status, e.message);
    }
    console.error(`[upload] ${opts.label}`, e);
    return uploadAnswer(502, 'The upload failed. Please retry.');
  }
}
