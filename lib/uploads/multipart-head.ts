import { PHOTO_SNIFF_BYTES, sniffPhotoType } from '../validations/photo-file.ts';

/** What kind of file a route takes, told by its first bytes: photos unless a route says otherwise. */
export interface SniffedKind {
  /** How many leading bytes `sniff` needs. */
  sniffBytes: number;
  /** The file's MIME type from its first bytes, or undefined when it is not of this kind. */
  sniff(head: Uint8Array): string | undefined;
}

export const PHOTO_KIND: SniffedKind = { sniffBytes: PHOTO_SNIFF_BYTES, sniff: sniffPhotoType };

// The head of a multipart/form-data body, read without reading the rest: the upload routes
// look at the file part's name and first bytes (is it a photo at all?) and work out its size
// from Content-Length, then pass the whole body on unchanged — the head they read first, the
// rest as it arrives. At most HEAD_MAX bytes are ever held here, whatever the file's size.

/** Everything before the file's first bytes (boundaries, small fields, part headers) must fit in this. */
const HEAD_MAX = 64 * 1024;

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type, or undefined when it has none (RFC 2046: 1–70 characters). */
export function multipartBoundary(contentType: string): string | undefined {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s"]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : undefined;
}

export type MultipartHead =
  | {
      ok: true;
      /** The file name the browser sent (for messages only: never used as a path). */
      fileName: string;
      /** What the first bytes say the file is. */
      type: string;
      /**
       * The file's size from Content-Length less everything around the file: exact for a body as
       * browsers send it (the file part last, CRLF after the closing delimiter), two bytes more
       * without that CRLF, and more when other parts follow the file.
       */
      fileSize: number;
      /** The whole body again, unchanged: the head that was read, then the rest as it arrives. */
      body: ReadableStream<Uint8Array>;
      /** The text fields before the file, by name (the last one of a name repeated). */
      fields: Record<string, string>;
      /**
       * The body with `prefix` in place of everything before the file's part (the fields), and its
       * length: the file's part and the rest as they arrive. Use either this or `body`, not both.
       */
      withHead(prefix: Buffer): { body: ReadableStream<Uint8Array>; length: number };
    }
  | { ok: false; problem: 'malformed' | 'no-file' | 'not-a-photo'; fileName?: string };

/** A part's name and file name, from its Content-Disposition header. */
function disposition(headers: string): { name?: string; fileName?: string } {
  const line = headers.split('\r\n').find((l) => /^content-disposition\s*:/i.test(l));
  if (!line) return {};
  const param = (key: string) => new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(line)?.[1]?.replace(/\\(.)/g, '$1');
  return { name: param('name'), fileName: param('filename') };
}

/** The body from the bytes already read, then what is left in the reader; cancelling it cancels the request body. */
function replay(head: Buffer, reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  let headSent = head.length === 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headSent) {
          headSent = true;
          controller.enqueue(head);
          return;
        }
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    // Nothing is read ahead of the consumer: the upload moves at the pace the API takes it.
    { highWaterMark: 0 },
  );
}

/**
 * Reads the head of a multipart body until the part named `field` has shown its first bytes.
 * `length` is the body's Content-Length. Fields before the file part are fine; a file part
 * that is not the last one only makes `fileSize` an overestimate.
 */
export async function readMultipartHead(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  length: number,
  field: string,
  kind: SniffedKind = PHOTO_KIND,
): Promise<MultipartHead> {
  const reader = body.getReader();
  const delimiter = Buffer.from(`--${boundary}`);
  const chunks: Buffer[] = [];
  let buf = Buffer.alloc(0);
  let ended = false;
  const more = async (): Promise<boolean> => {
    if (ended || buf.length >= HEAD_MAX + kind.sniffBytes) return false;
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    buf = Buffer.concat(chunks);
    return true;
  };
  const fail = async (problem: 'malformed' | 'no-file' | 'not-a-photo', fileName?: string): Promise<MultipartHead> => {
    await reader.cancel().catch(() => {});
    return { ok: false, problem, fileName };
  };

  // The first delimiter (a preamble before it is allowed, and ignored).
  let at = -1;
  const fields: Record<string, string> = {};
  while ((at = buf.indexOf(delimiter)) < 0) if (!(await more())) return fail('malformed');
  for (;;) {
    // After a delimiter: CRLF and a part, or "--" and the end of the body.
    while (buf.length < at + delimiter.length + 2) if (!(await more())) return fail('malformed');
    const afterDelimiter = at + delimiter.length;
    if (buf[afterDelimiter] === 0x2d && buf[afterDelimiter + 1] === 0x2d) return fail('no-file');
    if (!buf.subarray(afterDelimiter, afterDelimiter + 2).equals(CRLF)) return fail('malformed');
    const headersStart = afterDelimiter + 2;
    let headersEnd: number;
    while ((headersEnd = buf.indexOf(HEADERS_END, headersStart)) < 0) {
      if (buf.length > HEAD_MAX || !(await more())) return fail('malformed');
    }
    if (headersEnd > HEAD_MAX) return fail('malformed');
    const part = disposition(buf.subarray(headersStart, headersEnd).toString('utf8'));
    const contentStart = headersEnd + HEADERS_END.length;
    if (part.name === field) {
      const fileName = part.fileName || field;
      while (buf.length < contentStart + kind.sniffBytes) if (!(await more())) break;
      const type = kind.sniff(buf.subarray(contentStart, contentStart + kind.sniffBytes));
      if (!type) return fail('not-a-photo', fileName);
      // What follows the file when it is the last part: CRLF, the delimiter, "--", CRLF.
      const closing = CRLF.length + delimiter.length + 2 + CRLF.length;
      const fileOffset = at;
      return {
        ok: true,
        fileName,
        type,
        fileSize: Math.max(0, length - contentStart - closing),
        body: replay(buf, reader),
        fields,
        withHead: (prefix) => ({
          body: replay(Buffer.concat([prefix, buf.subarray(fileOffset)]), reader),
          length: prefix.length + length - fileOffset,
        }),
      };
    }
    // Another field: skip to the delimiter after it.
    const next = Buffer.concat([CRLF, delimiter]);
    let end: number;
    while ((end = buf.indexOf(next, contentStart)) < 0) {
      if (buf.length > HEAD_MAX || !(await more())) return fail('malformed');
    }
    if (part.name !== undefined && part.fileName === undefined) fields[part.name] = buf.subarray(contentStart, end).toString('utf8');
    at = end + CRLF.length;
  }
}
