import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS } from '../../../src/domain/message-limits.ts';
import { befriend, call, createMember, multipartBody, type Member } from '../../helpers.ts';
import { secondInstance, setupApi } from '../../fixture.ts';
import { MESSAGES, compose, expectRefused, friends, reply, seasoned, send } from './message-fixtures.ts';

// The messages' limits (docs/api.md, "Messages"), counted in the database: a refusal is 429 with
// Retry-After, and two API instances on one database count as one.

const t = setupApi();

/** A member who lets everyone write to them. */
async function open(name?: string): Promise<Member> {
  const m = await createMember(t.db, name);
  await t.db.updateTable('users').set({ privacy_message: 'everyone' }).where('id', '=', m.id).execute();
  return m;
}

function expectTooMany(res: Awaited<ReturnType<typeof reply>>, atMost: number, message: RegExp) {
  expectRefused(res, 429, undefined, message);
  expect(res.body.data.error_text).toBe('too_many_requests');
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(atMost);
}

describe('limits', () => {
  it(`${MESSAGE_LIMITS.messagesPerMinute} messages a minute, replies included`, async () => {
    const [alice, grace] = await friends(t.db);
    const id = await send(t, alice, grace, 'one');
    for (let i = 1; i < MESSAGE_LIMITS.messagesPerMinute; i++) expect((await reply(t, alice, id, `n${i}`)).status).toBe(200);
    expectTooMany(await reply(t, alice, id, 'too many'), 60, /20 messages in the last minute/);
    expectTooMany(await compose(t, alice, { to: String(grace.id), body: 'new' }), 60, /minute/);
    // Others are not held back by Alice's count.
    expect((await reply(t, grace, id, 'fine')).status).toBe(200);
  });

  it(`${MESSAGE_LIMITS.strangersPerDay} new conversations a day with members who are not friends; friends are not counted`, async () => {
    const sender = await seasoned(t.db);
    for (let i = 0; i < MESSAGE_LIMITS.strangersPerDay; i++) {
      expect((await compose(t, sender, { to: String((await open()).id), body: `Hello number ${i}` })).status).toBe(200);
    }
    expectTooMany(await compose(t, sender, { to: String((await open()).id), body: 'Hello' }), 86_400, /10 conversations a day/);
    const friend = await createMember(t.db);
    await befriend(t.db, sender.id, friend.id);
    expect((await compose(t, sender, { to: String(friend.id), body: 'Hello friend' })).status).toBe(200);
  });

  it(`${MESSAGE_LIMITS.strangersPerDayYoung} a day for an account younger than 3 days`, async () => {
    const young = await createMember(t.db);
    for (let i = 0; i < MESSAGE_LIMITS.strangersPerDayYoung; i++) {
      expect((await compose(t, young, { to: String((await open()).id), body: `Hi ${i}` })).status).toBe(200);
    }
    expectTooMany(await compose(t, young, { to: String((await open()).id), body: 'Hi again' }), 86_400, /younger than 3 days/);
  });

  it(`the same text to more than ${MESSAGE_LIMITS.sameTextStrangers} non-friends within an hour is refused`, async () => {
    const sender = await seasoned(t.db);
    const text = 'Check out my amazing offer!';
    for (let i = 0; i < MESSAGE_LIMITS.sameTextStrangers; i++) {
      expect((await compose(t, sender, { to: String((await open()).id), body: text })).status).toBe(200);
    }
    // Spaced or cased otherwise it is the same text.
    expectTooMany(
      await compose(t, sender, { to: String((await open()).id), body: `  check OUT my amazing   offer! ` }),
      3_600,
      /own words/,
    );
    expect((await compose(t, sender, { to: String((await open()).id), body: 'A note of its own' })).status).toBe(200);
  });
});

describe('two API instances on one database count as one', () => {
  let second: Awaited<ReturnType<typeof secondInstance>>;
  beforeAll(async () => {
    second = await secondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('messages sent at once through both never pass the limit', async () => {
    const [alice, grace] = await friends(t.db);
    const id = await send(t, alice, grace, 'start');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(i % 2 ? second.app : t.app, alice.token, {
          method: 'POST',
          url: `${MESSAGES}/${id}/reply`,
          ...multipartBody({ body: `race ${i}` }),
        }),
      ),
    );
    for (const a of answers) expect([200, 409, 429], JSON.stringify(a.body)).toContain(a.status);
    const sent = answers.filter((a) => a.status === 200).length;
    // One place was taken by 'start'. (On PostgreSQL, replies that lost the race for the same rows
    // more times than transact retries answer 409, which a client may retry.)
    expect(sent).toBeLessThanOrEqual(MESSAGE_LIMITS.messagesPerMinute - 1);
    expect(sent).toBeGreaterThan(0);
    const stored = await t.db.selectFrom('messages').select('id').where('conversation_id', '=', id).execute();
    expect(stored).toHaveLength(sent + 1);
    // Sequentially, alternating instances: exactly the limit.
    const [bob, carol] = await friends(t.db);
    const other = await send(t, bob, carol, 'start');
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push(
        (
          await call(i % 2 ? second.app : t.app, bob.token, {
            method: 'POST',
            url: `${MESSAGES}/${other}/reply`,
            ...multipartBody({ body: `s${i}` }),
          })
        ).status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(MESSAGE_LIMITS.messagesPerMinute - 1);
    expect(statuses.slice(MESSAGE_LIMITS.messagesPerMinute - 1).every((s) => s === 429)).toBe(true);
  });
});
