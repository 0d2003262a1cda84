import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, call, createUser, multipartBody, tokenFor, type Answer } from '../helpers.ts';
import { secondInstance, setupApi } from '../fixture.ts';
import { insertActivity, insertAlbum, insertEvent, insertPhoto } from '../routes/fixtures.ts';

// Two instances of the API on one database (as behind a load balancer), sent the same
// check-then-act at the same moment: the checks must hold (one like, one report, one request,
// at most 100 tags, one tag of a title), and a request that loses the race answers a client
// error in the envelope, never a 500. On SQLite the two share the file (one writer at a time);
// with TEST_DB=postgres they are two connection pools on one PostgreSQL database.

const t = setupApi();
let second: Awaited<ReturnType<typeof secondInstance>>;

beforeAll(async () => {
  second = await secondInstance(t);
});
afterAll(async () => {
  await second?.close();
});

/** `n` copies of one request, alternating between the two instances, all sent at once. */
async function race(n: number, token: string, url: string, fields: Record<string, string | number>): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) => call(i % 2 ? second.app : t.app, token, { method: 'POST', url, ...multipartBody(fields) })),
  );
}

function expectClean(answers: Answer[]) {
  for (const a of answers) {
    expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    if (a.status !== 200) expect(a.body).toMatchObject({ success: false, data: { error_code: a.status } });
  }
  return answers.filter((a) => a.status === 200).length;
}

describe('the same write at the same moment through two instances', () => {
  it('a like is stored once; the others answer that it is there already', async () => {
    const owner = await createUser(t.db);
    const fan = await createUser(t.db);
    const activity = await insertActivity(t.db, { owner: owner.id });
    const answers = await race(8, await tokenFor(t.db, fan.id), '/api/v1/core/likes', { item_type: 'activity', item_id: activity });
    expect(expectClean(answers)).toBe(1);
    const likes = await t.db
      .selectFrom('likes')
      .select('id')
      .where('target_id', '=', activity)
      .where('target_type', '=', 'activity')
      .execute();
    expect(likes).toHaveLength(1);
  });

  it('a report is stored once', async () => {
    const owner = await createUser(t.db);
    const reporter = await createUser(t.db);
    const activity = await insertActivity(t.db, { owner: owner.id });
    const answers = await race(8, await tokenFor(t.db, reporter.id), '/api/v1/core/report', {
      item_type: 'activity',
      item_id: activity,
      type: 'spam',
      description: 'Spam.',
    });
    expect(expectClean(answers)).toBe(1);
    const rows = await t.db
      .selectFrom('reports')
      .select('id')
      .where('item_id', '=', activity)
      .where('reporter_id', '=', reporter.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('friend requests sent both ways at once make one pending request or one friendship', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const [ta, tb] = [await tokenFor(t.db, a.id), await tokenFor(t.db, b.id)];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i % 2 ? second.app : t.app, i % 4 < 2 ? ta : tb, {
          method: 'POST',
          url: '/api/v1/friends/requests',
          ...multipartBody({ user_id: i % 4 < 2 ? b.id : a.id }),
        }),
      ),
    );
    expectClean(answers);
    const requests = await t.db
      .selectFrom('friend_requests')
      .select('id')
      .where((eb) => eb.or([eb('sender_id', '=', a.id), eb('sender_id', '=', b.id)]))
      .execute();
    const friends = await t.db
      .selectFrom('friendships')
      .select('user_id')
      .where('user_id', '=', a.id)
      .where('friend_id', '=', b.id)
      .execute();
    expect(requests.length + friends.length).toBe(1);
  });

  it('a photo takes its last free tag once: never more than 100 tags', async () => {
    const owner = await createUser(t.db);
    const album = await insertAlbum(t.db, owner.id);
    const photo = await insertPhoto(t.db, owner.id, album);
    const area = { subject_type: 'photo', subject_id: photo, tagger_id: owner.id, x: 0, y: 0, w: 1, h: 1, created_at: 1 };
    await t.db
      .insertInto('item_tag_areas')
      .values(Array.from({ length: 99 }, (_, i) => ({ ...area, user_id: null, label: `tag ${i}` })))
      .execute();
    const answers = await race(6, await tokenFor(t.db, owner.id), '/api/v1/core/tags', {
      subject_type: 'photo',
      subject_id: photo,
      'extra[x]': 0,
      'extra[y]': 0,
      'extra[w]': 1,
      'extra[h]': 1,
      label: 'one more',
    });
    expect(expectClean(answers)).toBe(1);
    const tags = await t.db.selectFrom('item_tag_areas').select('id').where('subject_id', '=', photo).execute();
    expect(tags).toHaveLength(100);
  });

  it('requests to join an event that needs approval are stored once', async () => {
    const owner = await createUser(t.db);
    const guest = await createUser(t.db);
    await befriend(t.db, owner.id, guest.id);
    const event = await insertEvent(t.db, owner.id, { approval: 1 });
    const answers = await race(6, await tokenFor(t.db, guest.id), `/api/v1/events/${event}/request`, {});
    expect(expectClean(answers)).toBe(1);
    const rows = await t.db
      .selectFrom('event_members')
      .select('rsvp')
      .where('event_id', '=', event)
      .where('user_id', '=', guest.id)
      .execute();
    expect(rows).toEqual([{ rsvp: 'requested' }]);
  });

  it('posts tagged with the same new keyword at once share one tag', async () => {
    const author = await createUser(t.db);
    const token = await tokenFor(t.db, author.id);
    const category = await t.db.selectFrom('categories').select('id').where('module', '=', 'blog').executeTakeFirstOrThrow();
    const answers = await race(6, token, '/api/v1/blogs', {
      title: 'Same tag',
      body: '<p>Body</p>',
      category_id: category.id,
      tags: 'brand-new-keyword, another-new-one',
    });
    expect(expectClean(answers)).toBe(6);
    const tags = await t.db.selectFrom('tags').select('id').where('title', 'in', ['brand-new-keyword', 'another-new-one']).execute();
    expect(tags).toHaveLength(2);
    const tagged = await t.db.selectFrom('item_tags').select('item_id').where('tag_id', '=', tags[0]!.id).execute();
    expect(tagged).toHaveLength(6);
  });
});
