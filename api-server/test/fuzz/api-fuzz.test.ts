import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureLegacyApp } from '../../src/legacy/apps.ts';
import { METHODS as LEGACY_METHODS } from '../../src/legacy/methods/index.ts';
import { ensureWebClient } from '../../src/oauth/clients.ts';
import { filesDir } from '../../src/storage/images.ts';
import { startApi } from '../fixture.ts';
import { changeCounter } from './changes.ts';
import { legacyToken } from '../legacy/fixtures.ts';
import { answerProblems, familyOf } from './answers.ts';
import {
  BAD_AUTH,
  BAD_BOOLEANS,
  BAD_FILES,
  BAD_INTEGERS,
  BAD_PATH_SEGMENTS,
  BAD_QUERIES,
  TINY_PNG,
  badBodies,
  badMultiparts,
  badStrings,
  type FuzzValue,
} from './battery.ts';

// The fuzz suite: every route the app registers (read from the app through its onRoute hook,
// so a route added tomorrow is fuzzed without editing this file) gets a fixed battery of
// malformed inputs, one parameter at a time from a minimal request, plus malformed bodies,
// queries, paths and credentials. Every answer must be a documented status in its family's
// envelope (answers.ts), never 5xx, never a stack trace or a path; a refused request must leave
// the database and the stored files as they were. Requests go in process (inject), one at a
// time; the raw-HTTP refusals (431, broken HTTP) are in raw-http.test.ts.

type Input = Record<string, FuzzValue>;
type Schema = { type?: string | string[]; enum?: unknown[]; properties?: Record<string, Schema>; required?: string[] };

// The demo data gives every item type real ids; the suite runs as demo@example.com. Started here,
// not in a hook: the tests are made from the routes the app registers.
const routes: RouteOptions[] = [];
const api = await startApi({
  seed: true,
  // The search tables' upkeep merges them by itself (db/search/sqlite-upkeep.ts): a write no request made.
  config: { searchUpkeep: false },
  onRoute: (r) => {
    routes.push(r);
  },
});
const { app, db, config, dataDir } = api;
// As the server starts: the web client (OAuth) and the legacy app are registered.
await ensureWebClient(db, config);
await ensureLegacyApp(db, config);
const token = await api.tokenOf('demo@example.com');
const legacy = await legacyToken(api, await api.userId('demo@example.com'));

const tally = { requests: 0, byStatus: new Map<number, number>() };

afterAll(async () => {
  const refusals = [...tally.byStatus].filter(([s]) => s >= 400).sort(([a], [b]) => a - b);
  const refused = refusals.reduce((n, [, c]) => n + c, 0);
  console.log(
    `[fuzz] ${tally.requests} requests to ${fuzzed.length} routes; ${refused} refused: ` +
      refusals.map(([s, c]) => `${s}×${c}`).join(', ') +
      `; others: ${[...tally.byStatus]
        .filter(([s]) => s < 400)
        .sort(([a], [b]) => a - b)
        .map(([s, c]) => `${s}×${c}`)
        .join(', ')}`,
  );
  await api.close();
});

const totalChanges = await changeCounter(db);

/** Each directory as last read: its modification time then, the files in it and its subdirectories. */
const dirsRead = new Map<string, { mtimeMs: number; files: number; dirs: string[] }>();

/**
 * The files under `dir`, reading again only the directories changed since they were last read
 * (adding or removing an entry sets its directory's mtime): re-reading every directory after every
 * write was still half of this suite's time. The kernel stamps mtimes from a clock that moves a
 * tick (up to 10 ms) at a time, so a change in the same tick as a read could leave the mtime as
 * it was read: a directory is kept only when its last change is well before the read.
 */
function countFiles(dir: string): number {
  const { mtimeMs } = fs.statSync(dir);
  let known = dirsRead.get(dir);
  if (known?.mtimeMs !== mtimeMs) {
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    const dirs = entries.filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
    known = { mtimeMs, files: entries.length - dirs.length, dirs };
    if (Date.now() - mtimeMs > 100) dirsRead.set(dir, known);
    else dirsRead.delete(dir);
  }
  return known.dirs.reduce((n, d) => n + countFiles(d), known.files);
}

/**
 * The files stored as of the last write: a read stores none, so one count after each write is
 * its "before" and "after" both (a walk of the stored files before and after every write was
 * two thirds of this suite's time).
 */
let filesKnown = countFiles(filesDir(dataDir));

/** One request, its answer checked; the problems found, each with what was sent, and the answer. */
async function send(label: string, opts: InjectOptions): Promise<{ problems: string[]; status: number; body: string }> {
  const write = opts.method !== 'GET';
  const changesBefore = await totalChanges();
  const res = await app.inject(opts);
  tally.requests += 1;
  tally.byStatus.set(res.statusCode, (tally.byStatus.get(res.statusCode) ?? 0) + 1);
  const urlPath = String(opts.url).split('?')[0]!;
  const problems = answerProblems(urlPath, { status: res.statusCode, headers: res.headers, body: res.body });
  // A refusal in the legacy family is HTTP 200 with an error output.
  const refused = res.statusCode >= 400 || (familyOf(urlPath) === 'legacy' && /"error":true/.test(res.body));
  if (refused) {
    if ((await totalChanges()) !== changesBefore) problems.push('a refused request changed the database');
  }
  if (write) {
    const filesBefore = filesKnown;
    filesKnown = countFiles(filesDir(dataDir));
    if (refused && filesKnown !== filesBefore) problems.push('a refused request left files behind');
  }
  return { problems: problems.map((p) => `${label} → ${res.statusCode}: ${p}`), status: res.statusCode, body: res.body };
}

/** The parameters an invalid_parameters answer finds invalid (none for any other answer). */
function namedParams(body: string): string[] | undefined {
  try {
    const data = JSON.parse(body)?.data;
    if (data?.error_text !== 'invalid_parameters') return undefined;
    // A value taken that needs another parameter with it (subject_id without subject_type) is
    // refused for the missing one.
    return (data.error_params ?? [])
      .filter((p: { error_text: string }) => p.error_text === 'invalid_parameter')
      .map((p: { name: string }) => p.name);
  } catch {
    return undefined;
  }
}

// ---- building requests -------------------------------------------------------------------

const BOUNDARY = 'fuzz-form-boundary';

/** A multipart body: strings as fields (arrays repeat the name), Buffers as file parts. */
function multipart(input: Input): { payload: Buffer; headers: Record<string, string> } {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(input)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (Buffer.isBuffer(v)) {
        parts.push(
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="upload.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          v,
          Buffer.from('\r\n'),
        );
      } else {
        parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
      }
    }
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

function query(input: Input): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    for (const v of Array.isArray(value) ? value : [value]) q.append(name, Buffer.isBuffer(v) ? v.toString('latin1') : v);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

const typesOf = (s: Schema): string[] => (typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : []);

/**
 * Parameters whose good value is known by name: the baseline sends them even when they are
 * optional, so that the malformed value of another parameter meets a request that gets far
 * (an authorization request of the registered web client gets as far as its redirect).
 */
const KNOWN: Record<string, string> = {
  token: legacy,
  client_id: config.clientId,
  client_secret: config.clientSecret,
  redirect_uri: `${config.webOrigin}/api/auth/callback/social`,
  response_type: 'code',
  scope: 'basic activities',
  state: 'fuzz-state',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
  grant_type: 'refresh_token',
  refresh_token: 'not-a-refresh-token',
  // A profile photo's crop (POST /users/me/photo) is at least 50 px: '1' would make every case of
  // that route a refusal of `size` rather than of the parameter changed.
  size: '60',
};

/** A value the parameter accepts, as far as its schema and name tell. */
function goodValue(name: string, s: Schema): FuzzValue {
  if (name in KNOWN) return KNOWN[name]!;
  if (s.enum?.length) return String(s.enum[0]);
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) return /limit/.test(name) ? '5' : '1';
  if (types.includes('boolean')) return 'true';
  if (!types.length) return TINY_PNG;
  if (/(^|_)type$/.test(name)) return name.startsWith('subject') ? 'user' : 'activity';
  return 'fuzz';
}

function badValues(s: Schema, inQuery: boolean): FuzzValue[] {
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) return BAD_INTEGERS;
  if (types.includes('boolean')) return BAD_BOOLEANS;
  if (!types.length) return BAD_FILES;
  // A query longer than this is refused by Node's header limit before Fastify (raw-http.test.ts).
  return badStrings(inQuery ? 6000 : 200_000);
}

/** The smallest input the schema asks for: its required parameters and those in KNOWN, with good values. */
function baseline(s: Schema | undefined, extra: Input = {}): Input {
  const out: Input = {};
  const names = new Set([...(s?.required ?? []), ...Object.keys(s?.properties ?? {}).filter((n) => n in KNOWN)]);
  for (const name of names) out[name] = goodValue(name, s!.properties?.[name] ?? {});
  return { ...out, ...extra };
}

interface Case {
  label: string;
  opts: InjectOptions;
  /** The one parameter changed from the baseline before it, or true for the baseline itself. */
  param?: string | true;
}

interface Fuzzed {
  method: string;
  url: string;
  cases: Case[];
}

const auth = { authorization: `Bearer ${token}` };

/** Every case for one route and method. */
function casesFor(method: string, route: RouteOptions): Fuzzed {
  const schema = (route.schema ?? {}) as { params?: Schema; querystring?: Schema; body?: Schema };
  const template = route.url;
  const pathNames = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const pathOf = (values: Record<string, string> = {}) =>
    template.replace(/:(\w+)/g, (_, n: string) => values[n] ?? '1').replace(/\*$/, values['*'] ?? 'img/default-user');
  const hasBody = method !== 'GET' && method !== 'DELETE' ? true : !!schema.body;
  const cases: Fuzzed['cases'] = [];
  const add = (label: string, opts: Omit<InjectOptions, 'method'>, param?: string | true) =>
    cases.push({
      label: `${method} ${template} ${label}`,
      param,
      opts: { method: method as InjectOptions['method'], ...opts, headers: { ...auth, ...(opts.headers ?? {}) } },
    });

  // The legacy API dispatches on `method`: each of its methods is a baseline of its own.
  const baselines: Input[] = template === '/api.php' ? Object.keys(LEGACY_METHODS).map((m) => ({ token: legacy, method: m })) : [{}];

  const request = (label: string, q: Input, b: Input | undefined, pathValues?: Record<string, string>, param?: string | true) => {
    const url = pathOf(pathValues) + query(q);
    if (b === undefined) add(label, { url }, param);
    else add(label, { url, ...multipart(b) }, param);
  };

  for (const [i, base] of baselines.entries()) {
    const qBase = baseline(schema.querystring, hasBody ? {} : base);
    const bBase = hasBody ? baseline(schema.body, base) : undefined;
    request(`baseline ${JSON.stringify(base).slice(0, 60)}`, qBase, bBase, undefined, true);
    // One parameter at a time; the legacy API's text parameters only with its first method.
    for (const [where, s] of [
      ['query', schema.querystring],
      ['body', hasBody ? schema.body : undefined],
    ] as const) {
      for (const [name, ps] of Object.entries(s?.properties ?? {})) {
        if (i > 0 && !typesOf(ps).includes('integer')) continue;
        for (const bad of badValues(ps, where === 'query')) {
          const shown = Buffer.isBuffer(bad) ? `<${bad.length} bytes>` : JSON.stringify(bad).slice(0, 40);
          if (where === 'query') request(`${name}=${shown}`, { ...qBase, [name]: bad }, bBase, undefined, name);
          else request(`body ${name}=${shown}`, qBase, { ...bBase, [name]: bad }, undefined, name);
        }
      }
    }
  }

  for (const name of pathNames.length ? pathNames : template.endsWith('*') ? ['*'] : []) {
    for (const seg of BAD_PATH_SEGMENTS) request(`path ${name}=${seg.slice(0, 30)}`, {}, hasBody ? {} : undefined, { [name]: seg });
  }
  for (const q of BAD_QUERIES) add(`query ${q.slice(0, 40)}`, { url: `${pathOf()}?${q}` });
  if (hasBody) {
    for (const [label, type, payload] of [...badMultiparts(config.bodyLimit), ...badBodies(config.bodyLimit)]) {
      add(label, { url: pathOf(), payload, headers: type ? { 'content-type': type } : {} });
    }
  }
  if (familyOf(template) === 'api') {
    for (const [label, { headers, query: q }] of BAD_AUTH) {
      cases.push({
        label: `${method} ${template} ${label}`,
        opts: { method: method as InjectOptions['method'], url: pathOf() + query(q ?? {}), headers: headers ?? {} },
      });
    }
  }
  return { method, url: template, cases };
}

// Reads first, then writes, deletions last: an early DELETE of item 1 would leave the later
// routes nothing to reach past their 404.
const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const fuzzed: Fuzzed[] = routes
  .flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((m) => casesFor(m, r)),
  )
  .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));

describe('fuzz: every route the API registers', () => {
  it('finds the routes of every part of the app', () => {
    const urls = new Set(fuzzed.map((f) => f.url));
    for (const known of [
      '/api/v1/activities/',
      '/api/v1/albums/:id',
      '/api/v1/oauth/token',
      '/api.php',
      '/apps/:app_id',
      '/api/v1/openapi.json',
      '/api/v1/docs/',
    ]) {
      expect(urls).toContain(known);
    }
  });

  it('sees a write: the checks of "nothing changed" can fail', async () => {
    const changes = await totalChanges();
    const { payload, headers } = multipart({ Filedata: TINY_PNG });
    const res = await app.inject({ method: 'POST', url: '/api/v1/albums/compose_upload', payload, headers: { ...auth, ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await totalChanges()).toBeGreaterThan(changes);
    const files = countFiles(filesDir(dataDir));
    expect(files).toBeGreaterThan(filesKnown);
    filesKnown = files;
  });

  for (const f of fuzzed) {
    // A route's cases run one after another; the legacy API's few thousand take seconds on
    // PostgreSQL, whose every query is a round trip: 20 ms a case at most.
    const timeout = Math.max(20_000, f.cases.length * 20);
    it(`${f.method} ${f.url}: ${f.cases.length} malformed requests, each refused cleanly`, { timeout }, async () => {
      const problems: string[] = [];
      let baselineInvalid = false;
      for (const c of f.cases) {
        const answer = await send(c.label, c.opts);
        problems.push(...answer.problems);
        const named = namedParams(answer.body);
        if (c.param === true) baselineInvalid = named !== undefined;
        // A refusal of the one parameter that changed from a baseline the API took must name it.
        else if (c.param && !baselineInvalid && named?.length && !named.includes(c.param)) {
          problems.push(`${c.label} → ${answer.status}: names ${named.join(', ')}, not ${c.param}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
