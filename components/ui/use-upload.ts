'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from './use-latest';

// A file's upload to one of the BFF's upload routes, with real progress: XMLHttpRequest
// rather than fetch, because only XHR reports upload progress. The route streams the body on
// to the API and answers JSON: `{message}` on failure, the route's own fields on success.

export type UploadState<R> =
  | { status: 'uploading'; file: File; progress: number }
  | { status: 'failed'; file: File; progress: number; message: string }
  | { status: 'done'; file: File; result: R };

export type UploadOptions<R> = {
  /** The BFF route, e.g. /api/upload/compose. */
  url: string;
  /** The API's name of the file part. */
  fileField: string;
  /** Other form fields sent before the file (or made from the file). */
  fields?: Record<string, string> | ((file: File) => Record<string, string>);
  /** Reads a 2xx answer; undefined when it is not what the route answers. */
  parse: (body: unknown) => R | undefined;
};

export type UploadOutcome<R> =
  | { ok: true; result: R }
  | { ok: false; message: string; aborted?: boolean; /** The route's JSON answer (its field_errors, say). */ body?: unknown };

/** Sends one file to an upload route with XHR, reporting progress; `abort()` stops it (the outcome says aborted). */
export function sendUpload<R>(file: File, opts: UploadOptions<R>, onProgress: (percent: number) => void) {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome<R>>((resolve) => {
    xhr.open('POST', opts.url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const body = xhr.response as { message?: unknown } | null;
      const result = xhr.status >= 200 && xhr.status < 300 ? opts.parse(body) : undefined;
      if (result !== undefined) {
        onProgress(100);
        resolve({ ok: true, result });
      } else {
        const message = typeof body?.message === 'string' && body.message ? body.message : `The upload failed (${xhr.status}).`;
        resolve({ ok: false, message, body });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: 'The upload was interrupted. Check your connection and retry.' });
    xhr.ontimeout = () => resolve({ ok: false, message: 'The upload took too long. Retry.' });
    xhr.onabort = () => resolve({ ok: false, message: 'The upload was cancelled.', aborted: true });
    const form = new FormData();
    const fields = typeof opts.fields === 'function' ? opts.fields(file) : opts.fields;
    for (const [k, v] of Object.entries(fields ?? {})) form.append(k, v);
    form.append(opts.fileField, file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/**
 * One upload at a time: `start(file)` (again with the same file to retry), `cancel()`, and
 * the state to show. Leaving the page cancels an upload under way.
 */
export function useUpload<R>(opts: UploadOptions<R>) {
  const [state, setState] = useState<UploadState<R> | null>(null);
  const current = useRef<{ abort(): void } | null>(null);
  const options = useLatest(opts);

  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(
    (file: File): Promise<UploadOutcome<R>> => {
      current.current?.abort();
      setState({ status: 'uploading', file, progress: 0 });
      const handle = sendUpload(file, options.current, (progress) =>
        setState((s) => (s && s.file === file && s.status === 'uploading' ? { ...s, progress } : s)),
      );
      current.current = handle;
      return handle.done.then((res) => {
        if (current.current !== handle) return res;
        current.current = null;
        if (res.ok) setState({ status: 'done', file, result: res.result });
        else if (!res.aborted)
          setState((s) => ({ status: 'failed', file, progress: s && 'progress' in s ? s.progress : 0, message: res.message }));
        return res;
      });
    },
    [options],
  );

  const cancel = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setState(null);
  }, []);

  return { state, start, cancel };
}
