import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ALL_SCOPES, loadConfig } from '../../src/config.ts';
import { ensureWebClient, findClient } from '../../src/oauth/clients.ts';
import { verifySecret } from '../../src/oauth/crypto.ts';
import { postForm, TOKEN } from './flow.ts';
import { openTestDatabase, setupApi, type TestDatabase } from '../fixture.ts';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../../src/cli/client.ts');

describe('ensureWebClient (at start)', () => {
  const t = setupApi({ config: { clientId: 'web', clientSecret: 'first-secret', webOrigin: 'http://web.test:3000' } });

  it('registers the web client with a hashed secret, its callback, three grants and every scope', async () => {
    await ensureWebClient(t.db, t.config);
    const client = (await findClient(t.db, 'web'))!;
    expect(client.redirectUris).toEqual(['http://web.test:3000/api/auth/callback/social']);
    expect([...client.grants].sort()).toEqual(['authorization_code', 'client_credentials', 'refresh_token']);
    expect(client.scopes).toEqual([...ALL_SCOPES]);
    expect(client.secretHash).not.toContain('first-secret');
    expect(await verifySecret('first-secret', client.secretHash!)).toBe(true);
    const res = await postForm(t.app, TOKEN, { grant_type: 'client_credentials' }, { client: { id: 'web', secret: 'first-secret' } });
    expect(res.status).toBe(200);
  });

  it('updates the client when the secret or the web origin changed', async () => {
    await ensureWebClient(t.db, { ...t.config, clientSecret: 'second-secret', webOrigin: 'https://web.example' });
    const client = (await findClient(t.db, 'web'))!;
    expect(client.redirectUris).toEqual(['https://web.example/api/auth/callback/social']);
    expect(await verifySecret('second-secret', client.secretHash!)).toBe(true);
    expect(await verifySecret('first-secret', client.secretHash!)).toBe(false);
    const rows = await t.db.selectFrom('oauth_clients').select('id').where('id', '=', 'web').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('npm run api:client -- create', () => {
  // The CLI is a process of its own, run on a database without any schema, as on a new install.
  let dataDir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-cli-'));
    database = await openTestDatabase(dataDir, 'bare');
  });
  afterAll(async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function cli(...args: string[]) {
    try {
      const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.location.databaseUrl ?? '' },
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }
  const lastLine = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!);

  it('creates a confidential client and prints its id and secret as the last line; the secret works', async () => {
    const res = await cli(
      'create',
      '--name',
      'Photo printer',
      '--redirect-uri',
      'https://print.example/cb',
      '--redirect-uri',
      'https://print.example/cb2',
      '--grants',
      'authorization_code,refresh_token,client_credentials',
      '--scopes',
      'basic,albums',
    );
    expect(res.code).toBe(0);
    const out = lastLine(res.stdout);
    expect(out).toEqual({ client_id: expect.any(String), client_secret: expect.any(String) });

    const { db } = database;
    const app = await buildApp({ config: loadConfig({}, database.location), db });
    try {
      const client = (await findClient(db, out.client_id))!;
      expect(client).toMatchObject({
        name: 'Photo printer',
        redirectUris: ['https://print.example/cb', 'https://print.example/cb2'],
        grants: ['authorization_code', 'refresh_token', 'client_credentials'],
        scopes: ['basic', 'albums'],
      });
      expect(await verifySecret(out.client_secret, client.secretHash!)).toBe(true);
      const token = await postForm(
        app,
        TOKEN,
        { grant_type: 'client_credentials' },
        { client: { id: out.client_id, secret: out.client_secret } },
      );
      expect(token.status).toBe(200);
      expect(token.body.scope).toBe('basic albums');
    } finally {
      await app.close();
    }
  });

  it('creates a public client without a secret', async () => {
    const res = await cli(
      'create',
      '--name',
      'Mobile',
      '--redirect-uri',
      'com.example.app:/oauth',
      '--grants',
      'authorization_code,refresh_token,implicit',
      '--scopes',
      'basic',
      '--public',
    );
    expect(res.code).toBe(0);
    const out = lastLine(res.stdout);
    expect(Object.keys(out)).toEqual(['client_id']);
    expect((await findClient(database.db, out.client_id))!.secretHash).toBeNull();
  });

  it.each([
    [['--grants', 'authorization_code,magic', '--scopes', 'basic'], /unknown grant.*magic/],
    [['--grants', 'authorization_code', '--scopes', 'basic,everything'], /unknown scope.*everything/],
    [['--grants', 'client_credentials', '--scopes', 'basic', '--public'], /public client cannot use.*client_credentials/],
    [['--grants', 'password', '--scopes', 'basic', '--public'], /public client cannot use.*password/],
  ])('refuses %j with a clear message and a non-zero exit code', async (args, message) => {
    const res = await cli('create', '--name', 'X', '--redirect-uri', 'https://x.example/cb', ...args);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(message);
    expect(res.stdout).not.toContain('client_id');
  });

  it.each([
    ['/relative/cb', /not an absolute URL/],
    ['https://x.example/cb#frag', /must not contain a fragment/],
    ['javascript:alert(1)', /cannot receive a redirect/],
  ])('refuses the redirect URI %s', async (uri, message) => {
    const res = await cli('create', '--name', 'X', '--redirect-uri', uri, '--grants', 'authorization_code', '--scopes', 'basic');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(message);
  });

  it('refuses missing options and unknown commands with the usage', async () => {
    const missing = await cli('create', '--name', 'X');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/Missing --grants, --scopes/);
    const unknown = await cli('delete');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/Usage: npm run api:client/);
  });
});
