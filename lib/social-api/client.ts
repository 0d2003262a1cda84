import { request, type Dispatcher } from 'undici';
import { withDeadline } from '#shared/net/deadline.ts';
import { ApiError } from './errors.ts';

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Bearer access token; server side only. */
  token?: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Form fields (sent as multipart/form-data, as the spec says) or a ready FormData. */
  form?: Record<string, string | number | boolean | undefined | null> | FormData;
  /** A raw body stream (uploads) with its content type; sent with duplex 'half'. */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string; contentLength?: string };
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ApiClientConfig {
  baseUrl: string;
  timeoutMs: number;
}

interface Envelope {
  success?: unknown;
  data?: unknown;
}

/** What the API answered: its status, its Retry-After, its JSON body. */
interface Answer {
  status: number;
  retryAfter: string | null;
  json: Envelope;
}

/** A header of undici's answer (a repeated one is a list) as one value, or null. */
const header = (value: string | string[] | undefined): string | null => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));

function toFormData(form: NonNullable<ApiFetchOptions['form']>): FormData {
  if (form instanceof FormData) return form;
  const fd = new FormData();
  for (const [k, v] of Object.entries(form))
    if (v !== undefined && v !== null) fd.append(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  return fd;
}

/**
 * The one wrapper around the social API: base URL, Bearer header, timeout, envelope
 * unwrapping. Resolves with `data` of a `{success:true}` answer (undefined when there is
 * none) and throws ApiError for everything else, including an unreachable or slow API.
 */
export async function apiFetch<T = unknown>(config: ApiClientConfig, path: string, opts: ApiFetchOptions = {}): Promise<T> {
  const url = new URL(config.baseUrl + path);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.stream) {
    body = opts.stream.body;
    headers['content-type'] = opts.stream.contentType;
    if (opts.stream.contentLength) headers['content-length'] = opts.stream.contentLength;
  } else if (opts.form) {
    body = toFormData(opts.form);
  }
  const method = opts.method ?? (body ? 'POST' : 'GET');
  const { status, retryAfter, json } = await withDeadline(
    opts.timeoutMs ?? config.timeoutMs,
    async (signal, time): Promise<Answer> => {
      const timedOut = () => new ApiError(504, 'upstream_timeout', 'The site took too long to answer.');
      const unreachable = () => new ApiError(502, 'upstream_unreachable', 'The site cannot be reached right now.');
      /** A request that failed: the time limit, the caller's own abort (passed on), or no answer. */
      const failed = (e: unknown) => (time.expired ? timedOut() : opts.signal?.aborted ? e : unreachable());
      const unreadable = (status: number) =>
        time.expired ? timedOut() : new ApiError(502, 'bad_response', `The site answered ${status} without a readable body.`, {}, status);
      // A read (no body): undici's request(), not fetch. fetch wraps every answer in WHATWG
      // streams, Request/Response and Headers objects (and Next's instrumentation of it): for the
      // feed's first page, about twice the CPU of request() in a plain process, and ~0.2 ms of a
      // feed render in the web server (docs/performance.md, "An API read without fetch"). Every
      // page reads this way; writes, with their multipart forms and streamed uploads, keep fetch.
      if (!body) {
        let answer: Dispatcher.ResponseData;
        try {
          answer = await request(url, { method, headers, signal });
        } catch (e) {
          throw failed(e);
        }
        // A redirect is not followed, as fetch's redirect: 'error' follows none: the API sends none.
        if (answer.statusCode >= 300 && answer.statusCode < 400) {
          await answer.body.dump();
          throw unreachable();
        }
        try {
          return {
            status: answer.statusCode,
            retryAfter: header(answer.headers['retry-after']),
            json: (await answer.body.json()) as Envelope,
          };
        } catch {
          throw unreadable(answer.statusCode);
        }
      }
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers,
          body,
          signal,
          cache: 'no-store',
          redirect: 'error',
          ...(opts.stream ? { duplex: 'half' } : {}),
        } as RequestInit);
      } catch (e) {
        throw failed(e);
      }
      try {
        return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as Envelope };
      } catch {
        throw unreadable(res.status);
      }
    },
    opts.signal,
  );
  const ok = status >= 200 && status < 300;
  if (ok && json && json.success === true) return json.data as T;

  const data = (json?.data ?? {}) as { message?: unknown; error_text?: unknown; error_params?: unknown };
  const fieldErrors: Record<string, string> = {};
  if (Array.isArray(data.error_params)) {
    for (const p of data.error_params as Array<{ name?: unknown; message?: unknown }>) {
      if (typeof p?.name === 'string') fieldErrors[p.name] = typeof p.message === 'string' ? p.message : 'is invalid';
    }
  }
  const code = ok ? 502 : status;
  throw new ApiError(
    code,
    typeof data.error_text === 'string' ? data.error_text : ok ? 'bad_response' : 'error',
    typeof data.message === 'string' && data.message ? data.message : `The site answered ${status}.`,
    fieldErrors,
    code,
    code === 429 ? retryAfterSeconds(retryAfter) : undefined,
  );
}

/** Retry-After (RFC 9110: seconds, or an HTTP date) as seconds from now; undefined when absent or unreadable. */
function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d{1,10}$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
