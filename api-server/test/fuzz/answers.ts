import { ERROR_TEXTS } from '../../src/errors.ts';

/**
 * What a fuzzed answer must look like. The routes come in families by address, each with its
 * documented form of answer and of refusal (docs/api.md, "Conventions").
 */
export type Family = 'api' | 'oauth-json' | 'oauth-page' | 'legacy' | 'site-page' | 'metadata' | 'files' | 'reference';

export function familyOf(path: string): Family {
  if (path.startsWith('/api/v1/oauth/authorize')) return 'oauth-page';
  if (path.startsWith('/api/v1/oauth/')) return 'oauth-json';
  // The API reference: the OpenAPI document and its page (api-server/src/openapi/).
  if (path === '/api/v1/openapi.json' || path === '/api/v1/docs' || path.startsWith('/api/v1/docs/')) return 'reference';
  if (path.startsWith('/api/v1/') || path === '/api/v1') return 'api';
  if (path.startsWith('/api.php') || path.startsWith('/token.php')) return 'legacy';
  if (path.startsWith('/apps/')) return 'site-page';
  if (path.startsWith('/.well-known/')) return 'metadata';
  if (path.startsWith('/files/')) return 'files';
  return 'api';
}

/** The API's routes that answer a file (a converted video, a song), with ranges. */
const MEDIA_FILE = /^\/api\/v1\/(videos|music\/songs)\/[^/]+\/file$/;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** RFC 6749 §5.2 and RFC 7009 error codes. */
const OAUTH_ERRORS = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'unsupported_token_type',
]);

/** A stack frame, a file path of this machine, or the database's own words: nothing a client should see. */
const LEAK =
  /\bat \S+ \(|\bat (?:async )?(?:file:\/\/|\/)|\/(?:home|work|root|usr|tmp|var)\/\w|node_modules|file:\/\/|\.(?:ts|js|mjs):\d+|SQLITE_|no such (?:table|column)|TypeError|ReferenceError|RangeError|Cannot read propert/;

/** Markup we sent that must not come back live in an HTML page. */
const REFLECTED_MARKUP = /<script>alert\(1\)<\/script>|<img src=x onerror=alert\(1\)>|<svg xmlns/;

const MAX_ERROR_BYTES = 32 * 1024;
/** The battery's long strings are runs of "x": a refusal may name them, not hand them back. */
const ECHOED_LONG_INPUT = /x{1000}/;
const MAX_LOCATION = 8 * 1024;

const header = (a: Answer, name: string): string => {
  const v = a.headers[name];
  return Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v);
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false };
  }
}

function apiEnvelopeProblems(a: Answer): string[] {
  const json = parseJson(a.body);
  if (!json.ok) return [`not JSON: ${a.body.slice(0, 80)}`];
  const v = json.value;
  if (a.status < 400) return isObject(v) && v.success === true ? [] : ['a success without success:true'];
  const d = isObject(v) ? v.data : undefined;
  const problems: string[] = [];
  if (!isObject(v) || v.success !== false || !isObject(d)) return [`not the error envelope: ${a.body.slice(0, 120)}`];
  if (typeof d.message !== 'string' || !d.message) problems.push('no message');
  if (d.error_code !== a.status) problems.push(`error_code ${d.error_code} ≠ status ${a.status}`);
  const allowed = typeof d.error_text === 'string' ? (ERROR_TEXTS as Record<string, readonly number[]>)[d.error_text] : undefined;
  if (!allowed) problems.push(`undocumented error_text ${JSON.stringify(d.error_text)}`);
  else if (!allowed.includes(a.status)) problems.push(`error_text ${d.error_text} with status ${a.status}`);
  if (d.error_text === 'invalid_parameters') {
    const params = d.error_params;
    if (!Array.isArray(params) || !params.length) problems.push('invalid_parameters without error_params');
    else if (
      !params.every(
        (p: unknown) =>
          isObject(p) &&
          typeof p.name === 'string' &&
          p.name &&
          typeof p.message === 'string' &&
          (p.error_text === 'missing_parameter' || p.error_text === 'invalid_parameter'),
      )
    ) {
      problems.push(`malformed error_params ${JSON.stringify(params).slice(0, 200)}`);
    }
  }
  return problems;
}

function oauthJsonProblems(a: Answer): string[] {
  const json = parseJson(a.body);
  if (!json.ok) return [`not JSON: ${a.body.slice(0, 80)}`];
  if (a.status < 400) return [];
  const v = isObject(json.value) ? json.value : {};
  const problems: string[] = [];
  if (typeof v.error !== 'string' || !OAUTH_ERRORS.has(v.error)) problems.push(`not an RFC 6749 error: ${a.body.slice(0, 120)}`);
  const description = v.error_description;
  if (description !== undefined) {
    if (typeof description !== 'string' || /[^\x20-\x21\x23-\x5B\x5D-\x7E]/.test(description)) {
      problems.push('error_description outside RFC 6749 §5.2 characters');
    }
    if (String(description).length > 500) problems.push(`error_description of ${String(description).length} characters`);
  }
  return problems;
}

function legacyProblems(a: Answer): string[] {
  if (a.status !== 200) return [`legacy API answered HTTP ${a.status}, not 200`];
  const json = parseJson(a.body);
  if (!json.ok) return [`not JSON: ${a.body.slice(0, 80)}`];
  const v = json.value;
  if (!isObject(v) || typeof v.api !== 'object' || !('output' in v)) return [`not the legacy envelope: ${a.body.slice(0, 120)}`];
  const out = v.output;
  if (isObject(out) && out.error === true && (typeof out.error_id !== 'number' || typeof out.error_message !== 'string')) {
    return ['malformed legacy error'];
  }
  return [];
}

function pageProblems(a: Answer, family: 'oauth-page' | 'site-page'): string[] {
  if (a.status >= 300 && a.status < 400) return [];
  const type = header(a, 'content-type');
  // An unknown path beside the authorize page is the API's, and answers its envelope; every
  // address under /apps is a site page, even one the router refuses before any route.
  if (type.startsWith('application/json') && family === 'oauth-page') return a.status >= 400 ? apiEnvelopeProblems(a) : [];
  if (!type.startsWith('text/html')) return [`a page answered ${type || 'no content type'}`];
  return REFLECTED_MARKUP.test(a.body) ? ['markup sent in the request came back unescaped'] : [];
}

/** Every problem with one answer; empty when it is what the documents promise. */
export function answerProblems(path: string, a: Answer): string[] {
  const problems: string[] = [];
  if (a.status >= 500) problems.push(`answered ${a.status}`);
  // The reference page's assets are Swagger UI's own published files (their code names its errors
  // and its sources): the same bytes for everyone, nothing of this server's. Its page, its
  // document and every refusal are checked.
  const publishedAsset = familyOf(path) === 'reference' && path.startsWith('/api/v1/docs/static/') && a.status < 300;
  if (!publishedAsset && LEAK.test(a.body))
    problems.push(`leaks internals: …${a.body.slice(Math.max(0, a.body.search(LEAK) - 40), a.body.search(LEAK) + 60)}…`);
  if (header(a, 'x-content-type-options') !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (a.status >= 400 && Buffer.byteLength(a.body) > MAX_ERROR_BYTES) problems.push(`a refusal of ${Buffer.byteLength(a.body)} bytes`);
  if (a.status >= 300 && (ECHOED_LONG_INPUT.test(a.body) || ECHOED_LONG_INPUT.test(header(a, 'location')))) {
    problems.push('a refusal or redirect echoes a long parameter back');
  }
  if (a.status >= 300 && a.status < 400) {
    const location = header(a, 'location');
    if (!location) problems.push('a redirect without Location');
    else if (location.length > MAX_LOCATION) problems.push(`a Location of ${location.length} characters`);
    else if (/[^\x21-\x7e]/.test(location)) problems.push('a Location with characters a browser will not follow');
  }
  const family = familyOf(path);
  switch (family) {
    case 'api':
      // A media file's success is its bytes (a song of the demo data is one); its refusals are the envelope.
      if (!(MEDIA_FILE.test(path) && a.status < 400)) problems.push(...apiEnvelopeProblems(a));
      break;
    case 'oauth-json':
      problems.push(...oauthJsonProblems(a));
      break;
    case 'legacy':
      problems.push(...legacyProblems(a));
      break;
    case 'oauth-page':
    case 'site-page':
      problems.push(...pageProblems(a, family));
      break;
    case 'metadata':
      if (a.status < 400 && !parseJson(a.body).ok) problems.push('metadata is not JSON');
      break;
    case 'files':
      if (a.status >= 400) problems.push(...apiEnvelopeProblems(a));
      break;
    case 'reference':
      if (a.status >= 400) problems.push(...apiEnvelopeProblems(a));
      else if (path === '/api/v1/openapi.json' || path === '/api/v1/docs/json') {
        if (!parseJson(a.body).ok) problems.push('the OpenAPI document is not JSON');
      } else if (/^\/api\/v1\/docs\/?$/.test(path)) {
        if (!header(a, 'content-type').startsWith('text/html')) problems.push('the reference page is not HTML');
        if (!header(a, 'content-security-policy').includes("default-src 'none'")) problems.push('the reference page has no CSP');
      }
      break;
  }
  return problems;
}
