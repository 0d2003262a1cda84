// The BFF's edge checks for requests that change things, in one place: proxy.ts runs them for
// every page, server action and route handler it sees, and lib/route-handler.ts for the upload
// routes that stay out of the proxy (their bodies must stream).
//
// Next refuses a server action from another origin, but with a 500, and it answers 500 to a
// body it cannot decode (not JSON, a cut-off multipart form, a reference to a part that is not
// there): every such request is refused here first, with a 4xx and nothing run. So are the
// requests Next's own protocol fails on with a 500 (edgeRefusal): web-server/server.ts checks
// them before Next sees a request, and proxy.ts under `next dev` and `next start`.
import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Next's default limit for a server action's body (serverActions.bodySizeLimit). */
export const ACTION_BODY_LIMIT = 1024 * 1024;

export interface Refusal {
  status: number;
  message: string;
  /** Headers the answer must carry (a 405's Allow). */
  headers?: Record<string, string>;
}

/** Every method a page (GET, HEAD, a server action's POST) or a route handler (lib/route-handler.ts) answers. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED = new Set(ALLOWED_METHODS.split(', '));

const NOT_ALLOWED: Refusal = {
  status: 405,
  message: 'This site does not answer that method.',
  headers: { Allow: ALLOWED_METHODS },
};
const NOT_FOUND: Refusal = { status: 404, message: 'There is nothing at this address.' };
const MALFORMED: Refusal = { status: 400, message: 'That request was not understood. Reload the page and try again.' };
const TOO_LARGE: Refusal = { status: 413, message: 'That request is too large.' };

/**
 * A request Next's own protocol would answer with a 500 (or serve when nothing of ours does):
 * - a method no page or route handler answers: TRACE and TRACK fail inside Next (fetch's Request
 *   refuses them), and WebDAV's or any other would render a page: 405 with Allow;
 * - Next's image optimizer (`/_next/image`, anything under that prefix, as Next matches it): the
 *   product has no next/image, and the optimizer fetched our own pages for any local `url`,
 *   answering 500 for one that redirects or is not percent-encoding. next.config.js turns it
 *   off too (`images.unoptimized`: Next answers its 404 page), for the servers that do not come
 *   through here first;
 * - an RSC request (`RSC: 1`) whose `Next-Router-State-Tree` is not a router state, which Next
 *   throws on for every page (a 500): Next's own validator decides, so that exactly what it
 *   accepts passes.
 * `pathname` is the request's path as it arrived (before any decoding).
 */
export function edgeRefusal(method: string, pathname: string, header: (name: string) => string | null | undefined): Refusal | undefined {
  if (!ALLOWED.has(method)) return NOT_ALLOWED;
  if (pathname.startsWith('/_next/image')) return NOT_FOUND;
  const tree = header('rsc') === '1' ? header('next-router-state-tree') : undefined;
  if (typeof tree === 'string') {
    try {
      parseAndValidateFlightRouterState(tree);
    } catch {
      return MALFORMED;
    }
  }
  return undefined;
}

/**
 * A state-changing request (any method but GET/HEAD/OPTIONS) from another site: its Origin is
 * not this site's, or the browser says it is not same-origin (Sec-Fetch-Site). A request with
 * neither header is no browser's, so it carries no one's cookies by accident: it goes on to the
 * session check like any other, unless `requireOrigin` (route handlers: every browser sends
 * Origin with a POST from script or a form).
 */
export function crossSiteRefusal(request: Request, webOrigin: string, { requireOrigin = false } = {}): Refusal | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if ((origin === null && requireOrigin) || (origin !== null && origin !== webOrigin) || (site !== null && site !== 'same-origin')) {
    return { status: 403, message: 'This request did not come from this site.' };
  }
  return undefined;
}

/**
 * The values of React's reply encoding that plain arguments use: "$$…" (a string that starts
 * with "$"), undefined, NaN, ±Infinity, -0 and dates; in a form body also "$K<id>" (a FormData
 * argument, whose fields are the form's). Everything else it can encode (Maps, Sets, BigInts,
 * typed arrays, blobs, streams, promises, references to other parts) no action of ours takes,
 * and a malformed one makes the decoder fail with a 500 or wait for a part that never comes.
 */
const PLAIN = /^\$(?:\$|undefined$|NaN$|-?Infinity$|-0$|D[0-9T:.+Z-]{4,40}$)/;
const FORM_DATA = /^\$K[0-9a-f]{1,8}$/;

function plainArguments(value: unknown, inForm: boolean, depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === 'string') return !value.startsWith('$') || PLAIN.test(value) || (inForm && FORM_DATA.test(value));
  if (Array.isArray(value)) return value.every((v) => plainArguments(v, inForm, depth + 1));
  if (value && typeof value === 'object') return Object.values(value).every((v) => plainArguments(v, inForm, depth + 1));
  return true;
}

/** A JSON text of plain arguments (the root of a reply must be their array). */
function plainJson(text: string, inForm: boolean, root: boolean): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return (!root || Array.isArray(value)) && plainArguments(value, inForm);
}

/** A server action's body as text (a fetch action with plain arguments). */
export function textActionRefusal(text: string): Refusal | undefined {
  if (text.length > ACTION_BODY_LIMIT) return TOO_LARGE;
  return plainJson(text, false, true) ? undefined : MALFORMED;
}

/** The reference React writes for a part of a reply (`$@1`: the part named "1"). */
const PART = /^\$@([0-9a-f]{1,8})$/;

/**
 * A form action's metadata with bound arguments (useActionState's, whose previous state is
 * bound): its part 0 is `{"id": …, "bound": "$@k"}` and part k the arguments, as React's
 * encodeFormAction writes them. Only that shape, pointing at a part that is there and is a plain
 * array: the decoder fails on a reference to a part that is not.
 */
function boundMetadata(value: string, part: (k: string) => FormDataEntryValue | null): boolean {
  let meta: unknown;
  try {
    meta = JSON.parse(value);
  } catch {
    return false;
  }
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return false;
  const { id, bound, ...rest } = meta as Record<string, unknown>;
  if (Object.keys(rest).length || typeof id !== 'string' || !plainArguments(id, false)) return false;
  if (bound === null) return true;
  const ref = typeof bound === 'string' ? PART.exec(bound) : null;
  const args = ref ? part(ref[1]!) : null;
  return typeof args === 'string' && plainJson(args, true, true);
}

/**
 * A server action's body as a form. From script (`Next-Action`), its root part "0" holds the
 * arguments; without script (a form posted as a page), `$ACTION_<n>:<m>` fields hold the bound
 * ones (`$ACTION_<n>:0` their metadata, which names the part of the arguments). Each must be
 * plain; the other fields are the form's own.
 */
export function formActionRefusal(form: FormData, fromScript: boolean): Refusal | undefined {
  if (fromScript) {
    const root = form.get('0');
    if (typeof root !== 'string' || !plainJson(root, true, true)) return MALFORMED;
  }
  for (const [key, value] of form.entries()) {
    const bound = /^\$ACTION_(\d+):(\d+)$/.exec(key);
    if (!bound) continue;
    if (typeof value !== 'string') return MALFORMED;
    if (bound[2] === '0' && boundMetadata(value, (k) => form.get(`$ACTION_${bound[1]}:${k}`))) continue;
    if (!plainJson(value, true, false)) return MALFORMED;
  }
  return undefined;
}

/**
 * A server action request the decoder would fail on, or over its size limit. Server actions are
 * POSTs with a `Next-Action` header (from script) or multipart forms (without script).
 */
export async function actionBodyRefusal(request: Request): Promise<Refusal | undefined> {
  if (request.method !== 'POST') return undefined;
  const type = request.headers.get('content-type') ?? '';
  const multipart = /^multipart\/form-data/i.test(type);
  if (!request.headers.has('next-action') && !multipart) return undefined;
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > ACTION_BODY_LIMIT) return TOO_LARGE;
  if (!multipart) return textActionRefusal(await request.clone().text());
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return MALFORMED;
  }
  return formActionRefusal(form, request.headers.has('next-action'));
}
