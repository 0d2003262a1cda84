import { describe, expect, it } from 'vitest';
import { call, createUser, tokenFor } from './helpers.ts';
import { setupApi } from './fixture.ts';

const t = setupApi({ config: { bodyLimit: 2048 } });

describe('unknown routes', () => {
  it('answer 404 in the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      data: { message: 'No such endpoint: GET /api/v1/nothing-here', error_text: 'not_found', error_code: 404 },
    });
  });
});

describe('request bodies', () => {
  it('answer 413 in the envelope when larger than the configured limit, and change nothing', async () => {
    const me = await createUser(t.db);
    const token = await tokenFor(t.db, me.id);
    const before = await t.db.selectFrom('activities').select('id').execute();
    const res = await call(t.app, token, {
      method: 'POST',
      url: '/api/v1/activities',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ body: 'x'.repeat(4096) }).toString(),
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, data: { error_code: 413 } });
    expect(await t.db.selectFrom('activities').select('id').execute()).toEqual(before);
  });
});

describe('server errors', () => {
  const broken = setupApi();
  it('answer 500 exception_error with a generic message: no stack, no SQL', async () => {
    const me = await createUser(broken.db);
    const token = await tokenFor(broken.db, me.id);
    // Break the schema under the running app so the next query fails inside the database.
    await broken.db.schema.dropTable('activities').execute();
    const res = await broken.app.inject({
      method: 'GET',
      url: '/api/v1/activities?limit=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      data: { message: 'Something went wrong on our side. Please try again.', error_text: 'exception_error', error_code: 500 },
    });
    expect(res.body).not.toMatch(/activities|SQLITE|no such table|at .*\.ts/);
  });
});
