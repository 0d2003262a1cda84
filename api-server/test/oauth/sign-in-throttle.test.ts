import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createClient, createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { authorizeUrl, Browser, hiddenFields, postForm, TOKEN } from './flow.ts';

// Two API instances on one database, as behind a load balancer: the sign-in throttle's counts
// live in the database, so they share one budget of failed passwords.
const t = setupApi({ config: { trustProxy: ['127.0.0.1'] } });
let other: FastifyInstance;
let client: { id: string; secret: string | null };

beforeAll(async () => {
  // Its own connection to the same database (SQLite file in the same DATA_DIR, or DATABASE_URL).
  other = await buildApp({ config: t.config });
  await other.ready();
  client = await createClient(t.db, { grants: ['password', 'authorization_code', 'refresh_token'] });
});
afterAll(async () => {
  await other?.close();
});

const grant = (app: FastifyInstance, email: string, password: string, from = '203.0.113.7') =>
  postForm(app, TOKEN, { grant_type: 'password', email, password }, { client, headers: { 'x-forwarded-for': from } });

describe('the sign-in throttle across two API instances', () => {
  it('refuses an email after 10 failures split between the instances, on both, even with the right password', async () => {
    const email = 'shared-budget@example.com';
    await createUser(t.db, { email });
    for (let i = 0; i < 10; i++) {
      const res = await grant(i % 2 ? other : t.app, email, `guess${i}`);
      expect(res.body.error_description).toBe('The email or password is incorrect.');
    }
    for (const app of [t.app, other]) {
      const res = await grant(app, email, 'password');
      expect(res.body.error).toBe('invalid_grant');
      expect(res.body.error_description).toContain('Too many failed sign-ins for this email');
    }
    // The sign-in page of the other instance refuses it too, with 429 and Retry-After.
    const b = new Browser(other);
    const page = await b.get(authorizeUrl({ response_type: 'code', client_id: client.id, redirect_uri: 'https://app.example/callback' }));
    const res = await b.post({ ...hiddenFields(page.body), email, password: 'password', action: 'sign_in' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('lets an email in again once its window has passed', async () => {
    const email = 'window@example.com';
    await createUser(t.db, { email });
    for (let i = 0; i < 10; i++) await grant(other, email, `guess${i}`);
    expect((await grant(t.app, email, 'password')).body.error).toBe('invalid_grant');
    // Sixteen minutes later, as far as the stored window is concerned.
    await t.db
      .updateTable('sign_in_failures')
      .set((eb) => ({ since: eb('since', '-', 16 * 60) }))
      .where('key', '=', `account:${email}`)
      .execute();
    expect((await grant(other, email, 'password')).status).toBe(200);
  });

  it('a success clears the count of that email: ten more failures are needed to refuse it', async () => {
    const email = 'cleared@example.com';
    await createUser(t.db, { email });
    for (let i = 0; i < 9; i++) await grant(t.app, email, `guess${i}`);
    expect((await grant(other, email, 'password')).status).toBe(200);
    for (let i = 0; i < 9; i++) await grant(other, email, `guess${i}`);
    expect((await grant(t.app, email, 'password')).status).toBe(200);
  });

  it('refuses an address after 100 failures over many emails, sent concurrently to both instances; other addresses go on', async () => {
    const address = '198.51.100.23';
    const email = 'from-busy-address@example.com';
    await createUser(t.db, { email });
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => grant(i % 2 ? other : t.app, `nobody${batch}-${i}@example.com`, 'guess', address)),
      );
      for (const res of answers) expect(res.body.error_description).toBe('The email or password is incorrect.');
    }
    for (const app of [t.app, other]) {
      const res = await grant(app, email, 'password', address);
      expect(res.body.error_description).toContain('Too many failed sign-ins from this network address');
    }
    expect((await grant(other, email, 'password', '198.51.100.24')).status).toBe(200);
    // A hundred password checks (scrypt, slow on purpose).
  }, 120_000);
});
