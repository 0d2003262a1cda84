import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/db/index.ts';
import { seedMessages } from '../../src/seed/messages.ts';
import { rng } from '../../src/seed/random.ts';
import { createUser, tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { get, insertClassified } from '../routes/fixtures.ts';

const t = setupApi();
let users: number[];
let listing: number;

beforeAll(async () => {
  users = [];
  for (let i = 0; i < 10; i++) users.push((await createUser(t.db)).id);
  listing = await insertClassified(t.db, users[0]!, { title: 'Road bike' });
  await seedMessages({ db: t.db, config: t.config, r: rng(1), t0: now(), users, friendsOf: () => [], log: () => {} });
});

describe('messages demo data', () => {
  it("gives Demo User a buyer's conversation about their listing, with its card, the buyer's last word unread", async () => {
    const token = await tokenFor(t.db, users[0]!);
    const inbox = (await get(t, token, '/api/v1/messages/inbox')).body.data;
    expect(inbox).toEqual([
      expect.objectContaining({
        title: 'Road bike',
        read: false,
        body: 'Great, could I come by on Thursday evening?',
        item: expect.objectContaining({ type: 'classified', id: listing, title: 'Road bike', thumb: '', is_closed: false }),
      }),
    ]);
    const detail = (await get(t, token, `/api/v1/messages/${inbox[0].id}`)).body.data;
    expect(detail.messages.map((m: { from: { id: number } }) => m.from.id)).toEqual([users[7], users[0], users[7]]);
  });
});
