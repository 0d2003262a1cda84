import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../src/config.ts';
import { setupApi } from '../fixture.ts';
import { createUser, tokenFor } from '../helpers.ts';

// The published API reference (docs/api.md, "API reference"): GET /api/v1/openapi.json, generated
// from the routes' own schemas, and the page that reads it, /api/v1/docs. Against the real server:
// every route it registers is read through its onRoute hook, as the fuzz suite reads them.

const SECRETS = {
  clientSecret: 'openapi-test-client-secret-0f3c9a',
  siteSecret: 'openapi-test-site-secret-7d21be',
};

const routes: RouteOptions[] = [];
const t = setupApi({
  config: { publicUrl: 'https://api.example.com', ...SECRETS },
  onRoute: (r) => {
    routes.push(r);
  },
});

/**
 * Routes the document leaves out, each for its reason: they are not operations of the API.
 * Every other route the server registers must be in the document (below), so that a new route
 * cannot be published without its entry, nor hidden without being named here.
 */
const NOT_IN_THE_DOCUMENT = new Set([
  // Uploaded pictures, served as static files; their URLs are in the answers (img, src, …).
  'GET /files/*',
  // The document itself and its reading page (Swagger UI: the page, its copy of the document
  // in JSON and YAML, its static assets and the initializer it is configured by).
  'GET /api/v1/openapi.json',
  'GET /api/v1/docs',
  'GET /api/v1/docs/json',
  'GET /api/v1/docs/yaml',
  'GET /api/v1/docs/static/*',
  'GET /api/v1/docs/static/index.html',
  'GET /api/v1/docs/static/swagger-initializer.js',
]);

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; 'x-extension'?: boolean; description?: string }[];
  'x-extension'?: boolean;
  'x-extension-methods'?: string[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; flows?: Record<string, { scopes: Record<string, string> }> }> };
};

let doc: Document;
let raw: string;
beforeAll(async () => {
  const res = await t.app.inject({ url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  raw = res.body;
  doc = res.json();
});

/** `METHOD /path` of a route as Fastify registers it, in the document's form (`{id}`, no trailing slash). */
const keyOf = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`;

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })),
  );

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document, valid against the OpenAPI 3.1 schema', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route the server registers, and nothing else', () => {
    // HEAD routes are the ones Fastify adds beside each GET: not operations of their own.
    const registered = new Set(routes.flatMap((r) => [r.method].flat().flatMap((m) => (m === 'HEAD' ? [] : [keyOf(m, r.url)]))));
    for (const internal of NOT_IN_THE_DOCUMENT) expect(registered, `${internal} is no longer registered`).toContain(internal);
    const expected = [...registered].filter((k) => !NOT_IN_THE_DOCUMENT.has(k)).sort();
    expect(
      operations()
        .map((o) => o.key)
        .sort(),
    ).toEqual(expected);
    // Both documents and every module are there.
    for (const key of ['GET /api/v1/activities', 'POST /api/v1/oauth/token', 'GET /token.php', 'GET /api.php', 'POST /api.php']) {
      expect(expected).toContain(key);
    }
  });

  it('gives every operation a summary and a tag', () => {
    const tags = new Set((doc as unknown as { tags: { name: string }[] }).tags.map((tg) => tg.name));
    for (const { key, op } of operations()) {
      expect(op.summary, key).toBeTruthy();
      expect(op.tags?.length, key).toBe(1);
      expect(tags, key).toContain(op.tags![0]);
    }
  });

  it('has the spec’s OAuth scopes in its oauth2 security scheme', () => {
    const oauth2 = doc.components.securitySchemes.oauth2!;
    expect(oauth2.type).toBe('oauth2');
    for (const flow of ['authorizationCode', 'implicit', 'password', 'clientCredentials']) {
      expect(Object.keys(oauth2.flows![flow]!.scopes)).toEqual([...ALL_SCOPES]);
    }
  });

  it('gives each resource operation the scope it actually needs: a token without it is refused, with it is not', async () => {
    const user = await createUser(t.db);
    const resource = operations().filter(({ path }) => path.startsWith('/api/v1/') && !path.startsWith('/api/v1/oauth/'));
    const unscoped = resource.filter(({ op }) => !op.security).map(({ key }) => key);
    // A calendar feed is read with its secret alone (docs/api.md, "Calendar feeds"); an uploaded
    // video's embedded player with nothing (docs/api.md, "Videos").
    expect(unscoped.sort()).toEqual([
      'GET /api/v1/event_feeds/{secret}',
      'GET /api/v1/videos/{id}/player',
      'GET /api/v1/videos/{id}/player/file',
    ]);
    for (const { key, path, method, op } of resource) {
      if (!op.security) continue;
      expect(op.security, key).toHaveLength(1);
      const scopes = op.security[0]!.oauth2;
      expect(scopes, key).toHaveLength(1);
      const scope = scopes![0]!;
      const url = path.replace(/\{\w+\}/g, '1');
      const without = await tokenFor(
        t.db,
        user.id,
        ALL_SCOPES.filter((s) => s !== scope),
      );
      const refused = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers: { authorization: `Bearer ${without}` } });
      expect(refused.statusCode, `${key} without ${scope}`).toBe(403);
      expect(refused.json().data.error_text, key).toBe('insufficient_scope');
      expect(refused.headers['www-authenticate'], key).toContain(`scope="${scope}"`);
      const only = await tokenFor(t.db, user.id, [scope]);
      const taken = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers: { authorization: `Bearer ${only}` } });
      expect(taken.statusCode, `${key} with ${scope} alone`).not.toBe(401);
      if (taken.statusCode === 403) expect(taken.json().data.error_text, key).not.toBe('insufficient_scope');
    }
  });

  it('marks the extensions, and not the operations of the documents', () => {
    const ops = new Map(operations().map((o) => [o.key, o.op]));
    const marked = (key: string) => ops.get(key)?.['x-extension'] === true;
    for (const { key, op } of operations()) {
      if (op['x-extension']) expect(op.description, key).toMatch(/^Extension: beyond the API documents/);
    }
    // Whole modules and operations beyond the documents (docs/api.md, "Extensions").
    for (const key of [
      'GET /api/v1/friends',
      'POST /api/v1/friends/requests',
      'GET /api/v1/messages/inbox',
      'POST /api/v1/messages',
      'GET /api/v1/users/me',
      'GET /api/v1/users/{id}',
      'GET /api/v1/activities/notifications',
      'GET /api/v1/activities/notifications/groups',
      'POST /api/v1/events/{id}/join',
      'GET /api/v1/events/members',
      'GET /api/v1/groups',
      'POST /api/v1/groups/{id}/join',
      'DELETE /api/v1/groups/member',
      'POST /api/v1/groups/officer',
      'POST /api/v1/events/feeds',
      'GET /api/v1/event_feeds/{secret}',
      'GET /api/v1/videos/{id}/player',
      'POST /api/v1/videos/{id}/thumb',
      'POST /api/v1/videos/compose_upload',
      'GET /api/v1/core/search',
      'GET /api/v1/core/link_preview',
      'GET /api/v1/core/tags',
      'POST /api/v1/albums/{id}/order',
      'POST /api/v1/oauth/revoke',
    ]) {
      expect(marked(key), key).toBe(true);
    }
    // Operations of the documents.
    for (const key of [
      'GET /api/v1/activities',
      'GET /api/v1/albums/{id}',
      'POST /api/v1/blogs',
      'GET /api/v1/core/likes',
      'POST /api/v1/core/tags',
      'GET /api/v1/events',
      'GET /api/v1/oauth/authorize',
      'POST /api/v1/oauth/token',
      'GET /token.php',
      'GET /api.php',
    ]) {
      expect(marked(key), key).toBe(false);
    }
    // A parameter beyond the documents, on an operation of theirs.
    const commentId = ops.get('GET /api/v1/core/likes')!.parameters!.find((p) => p.name === 'comment_id')!;
    expect(commentId['x-extension']).toBe(true);
    expect(commentId.description).toMatch(/^Extension: /);
    expect(ops.get('GET /api/v1/core/likes')!.parameters!.find((p) => p.name === 'item_id')!['x-extension']).toBeUndefined();
    // And beyond the origin, on an operation of its (a group's detail carrying a tab's list: docs/api.md, "Groups").
    for (const name of ['wall_limit', 'photo_page', 'event_fields', 'member_limit', 'waiting_limit']) {
      const param = ops.get('GET /api/v1/groups/{id}')!.parameters!.find((p) => p.name === name)!;
      expect(param['x-extension'], name).toBe(true);
      expect(param.description, name).toMatch(/^Extension: /);
    }
    // The legacy API is one entry point: its extension is one of its methods.
    for (const method of ['get', 'post']) {
      expect(doc.paths['/api.php']![method]!['x-extension-methods']).toEqual(['auth.expireSession']);
      expect(doc.paths['/api.php']![method]!.description).toContain('`auth.expireSession` (**extension**');
      expect(doc.paths['/api.php']![method]!.security).toEqual([{ legacyToken: [] }]);
    }
  });

  it('holds nothing secret: no secret of the configuration, no path of this machine', () => {
    expect(raw).not.toContain(SECRETS.clientSecret);
    expect(raw).not.toContain(SECRETS.siteSecret);
    expect(raw).not.toContain(t.dataDir);
    expect(raw).not.toContain(process.cwd());
    expect(raw).not.toMatch(/node_modules|file:\/\/|\bsafeInteger\b|\bfiniteNumber\b/);
    // The one address in it is the public one.
    const urls = new Set(raw.match(/https?:\/\/[^"\s)`]+/g));
    for (const url of urls) expect(url.startsWith('https://api.example.com')).toBe(true);
  });

  it('is public, and answers the same whatever the query', async () => {
    const res = await t.app.inject({ url: '/api/v1/openapi.json?access_token=nope&x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(raw);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('GET /api/v1/docs: the reference page', () => {
  it('answers 200 with an HTML page whose every asset is this server’s, and loads', async () => {
    const page = await t.app.inject({ url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // Scripts, styles and pictures from this server only; talk to this API only; never framed.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' https://api.example.com;");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const asset of assets) {
      expect(asset, 'an asset of this server').toMatch(/^\/api\/v1\/docs\/static\/[\w.-]+$/);
      const res = await t.app.inject({ url: asset });
      expect(res.statusCode, asset).toBe(200);
      expect(res.headers['content-type'], asset).toMatch(/^(text\/css|application\/javascript|text\/javascript|image\/png)/);
      // A stylesheet's pictures and fonts are inline (data:), never fetched from another site.
      if (asset.endsWith('.css')) {
        for (const [, ref] of res.body.matchAll(/url\(\s*["']?([^"')]+)/g)) expect(ref, asset).toMatch(/^data:/);
        expect(res.body, asset).not.toMatch(/@import/);
      }
    }

    // The page reads the document next to it (./json), the same document, and no other.
    const init = await t.app.inject({ url: '/api/v1/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("resolveUrl('./json')");
    // (A comment of the plugin's names a web page; no code does.)
    expect(init.body.replace(/^\s*\/\/.*$/gm, '')).not.toMatch(/https?:\/\//);
    expect(init.body).toContain('validatorUrl: null');
    const copy = await t.app.inject({ url: '/api/v1/docs/json' });
    expect(copy.json()).toEqual(doc);
  });

  it('an unknown asset is a 404 in the envelope', async () => {
    const res = await t.app.inject({ url: '/api/v1/docs/static/nothing-here.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: { error_text: 'not_found' } });
  });
});
