import { expect } from 'vitest';
import type { DB } from '../../../src/db/index.ts';
import { befriend, createMember, type Member } from '../../helpers.ts';
import type { TestApp } from '../../fixture.ts';
import { del, get, post } from '../fixtures.ts';

// What the messages tests share (docs/api.md, "Messages").
export const MESSAGES = '/api/v1/messages';

/** A member whose account is older than the young accounts' limit (3 days), so that the ordinary limits apply. */
export async function seasoned(db: DB, name?: string): Promise<Member> {
  const m = await createMember(db, name);
  await db
    .updateTable('users')
    .set({ joined: Math.floor(Date.now() / 1000) - 30 * 86_400 })
    .where('id', '=', m.id)
    .execute();
  return m;
}

/** Two friends, who may message each other under the default privacy (friends). */
export async function friends(db: DB, a = 'Alice Martin', b = 'Grace Kim'): Promise<[Member, Member]> {
  const [x, y] = [await seasoned(db, a), await seasoned(db, b)];
  await befriend(db, x.id, y.id);
  return [x, y];
}

export const compose = (t: TestApp, from: Member, fields: Record<string, string | number>) => post(t, from.token, MESSAGES, fields);

/** Sends a new conversation and answers its id (the send must succeed). */
export async function send(
  t: TestApp,
  from: Member,
  to: Member | Member[],
  body = 'Hello there',
  more: Record<string, string | number> = {},
) {
  const ids = (Array.isArray(to) ? to : [to]).map((m) => m.id).join(',');
  const res = await compose(t, from, { to: ids, body, ...more });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

export const reply = (t: TestApp, from: Member, id: number, body: string, more: Record<string, string | number> = {}) =>
  post(t, from.token, `${MESSAGES}/${id}/reply`, { body, ...more });

export const remove = (t: TestApp, who: Member, ids: number[]) => del(t, who.token, MESSAGES, { ids: ids.join(',') });

/** A folder's conversations (the call must succeed). */
export async function folder(t: TestApp, who: Member, name: 'inbox' | 'outbox', query: Record<string, string | number> = {}) {
  const res = await get(t, who.token, `${MESSAGES}/${name}`, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Array<Record<string, unknown> & { id: number }>;
}

/** GET /messages/{id} (the call must succeed). */
export async function open(t: TestApp, who: Member, id: number, query: Record<string, string | number> = {}) {
  const res = await get(t, who.token, `${MESSAGES}/${id}`, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export async function messageCount(t: TestApp, who: Member): Promise<number> {
  return (await get(t, who.token, '/api/v1/activities/updates')).body.data.message_count;
}

/** A refusal: its status and, for a 403, the reason and the parameter it names. */
export function expectRefused(res: Awaited<ReturnType<typeof get>>, status: number, param?: string, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(false);
  if (param) expect(res.body.data.error_params.map((p: { name: string }) => p.name)).toEqual([param]);
  if (message) expect(res.body.data.message).toMatch(message);
}
