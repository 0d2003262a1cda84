import { describe, expect, it } from 'vitest';
import { toOwnerSummary } from '../../../src/domain/owners.ts';
import { befriend, createMember, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, notificationsOf, post } from '../fixtures.ts';

// Writing on a friend's wall (docs/api.md, "Extensions": Writing on a friend's wall): POST
// /activities with subject_type=user and subject_id, the `subject` field, the wall owner's
// notification and right to delete.
const ACTIVITIES = '/api/v1/activities';

const t = setupApi();

type Person = Member;
const person = (name: string) => createMember(t.db, name);
const summary = (p: Person) => toOwnerSummary(t.config, { id: p.id, full_name: p.name, avatar_key: null });

const writeOn = (author: Person, wall: Person, body = 'Happy birthday!') =>
  post(t, author.token, ACTIVITIES, { subject_type: 'user', subject_id: wall.id, body });
const notifications = (p: Person) => notificationsOf(t, p.token);
const wallIds = async (reader: Person, wall: Person) =>
  (
    (await get(t, reader.token, ACTIVITIES, { subject_type: 'user', subject_id: wall.id, fields: 'id' })).body.data.items as Array<{
      id: number;
    }>
  ).map((a) => a.id);

describe("POST /activities on a friend's wall", () => {
  it("a friend writes on the wall: it is there, carries the wall's owner as `subject`, and the owner is notified", async () => {
    const [alice, bob] = [await person('Alice Wall'), await person('Bob Writer')];
    await befriend(t.db, alice.id, bob.id);
    const res = await writeOn(bob, alice);
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    expect(await wallIds(alice, alice)).toEqual([id]);

    const detail = await get(t, alice.token, `${ACTIVITIES}/${id}`, { fields: 'id,owner,subject' });
    expect(detail.body.data).toEqual({ id, owner: summary(bob), subject: summary(alice) });
    const onWall = await get(t, bob.token, ACTIVITIES, { subject_type: 'user', subject_id: alice.id, fields: 'id,subject' });
    expect(onWall.body.data.items).toEqual([{ id, subject: summary(alice) }]);
    // Without fields, the document's fields only.
    expect((await get(t, alice.token, `${ACTIVITIES}/${id}`)).body.data).not.toHaveProperty('subject');

    expect(await notifications(alice)).toEqual([
      { type: 'wall_post', owner: bob.id, item: { type: 'activity', id, title: 'Happy birthday!' } },
    ]);
    expect(await notifications(bob)).toEqual([]);
  });

  it("a post on one's own wall has subject null and notifies nobody", async () => {
    const alice = await person('Alice Own');
    const id = (await post(t, alice.token, ACTIVITIES, { body: 'Hello' })).body.data.id;
    expect((await get(t, alice.token, `${ACTIVITIES}/${id}`, { fields: 'id,subject' })).body.data).toEqual({ id, subject: null });
    expect(await notifications(alice)).toEqual([]);
  });

  it("a stranger's post is refused with 403 and a clear message: nothing is posted, nobody notified", async () => {
    const [alice, mallory] = [await person('Alice Private'), await person('Mallory Stranger')];
    const before = await t.db.selectFrom('activities').select('id').execute();
    const res = await writeOn(mallory, alice);
    expect(res.status).toBe(403);
    expect(res.body.data).toMatchObject({ error_text: 'forbidden', message: "You can only write on your own wall or a friend's." });
    expect(await t.db.selectFrom('activities').select('id').execute()).toEqual(before);
    expect(await notifications(alice)).toEqual([]);
  });

  it('follows friendship as it changes: allowed once a request is accepted, refused after unfriending', async () => {
    const [alice, grace] = [await person('Alice Changes'), await person('Grace Changes')];
    expect((await writeOn(alice, grace)).status).toBe(403);
    const request = (await post(t, alice.token, '/api/v1/friends/requests', { user_id: grace.id })).body.data.id;
    expect((await writeOn(alice, grace)).status).toBe(403);
    expect((await post(t, grace.token, `/api/v1/friends/requests/${request}/accept`)).status).toBe(200);
    expect((await writeOn(alice, grace)).status).toBe(200);
    expect((await del(t, grace.token, `/api/v1/friends/${alice.id}`)).status).toBe(200);
    expect((await writeOn(alice, grace)).status).toBe(403);
  });
});

describe("DELETE /activities/{id} of a post on someone's wall", () => {
  it("the wall's owner deletes what a friend wrote there (and its notification goes); another friend may not", async () => {
    const [alice, bob, carol] = [await person('Alice Deletes'), await person('Bob Wrote'), await person('Carol Looks')];
    await befriend(t.db, alice.id, bob.id);
    await befriend(t.db, alice.id, carol.id);
    const id = (await writeOn(bob, alice)).body.data.id;
    expect((await get(t, alice.token, `${ACTIVITIES}/${id}`, { fields: 'can_delete' })).body.data.can_delete).toBe(true);
    expect((await get(t, carol.token, `${ACTIVITIES}/${id}`, { fields: 'can_delete' })).body.data.can_delete).toBe(false);

    const refused = await del(t, carol.token, `${ACTIVITIES}/${id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.data.message).toMatch(/owner of the wall/);
    expect(await wallIds(alice, alice)).toEqual([id]);
    expect(await notifications(alice)).toHaveLength(1);

    expect((await del(t, alice.token, `${ACTIVITIES}/${id}`)).status).toBe(200);
    expect(await wallIds(alice, alice)).toEqual([]);
    expect(await notifications(alice)).toEqual([]);
  });

  it('its author may delete it too', async () => {
    const [alice, bob] = [await person('Alice Keeps'), await person('Bob Regrets')];
    await befriend(t.db, alice.id, bob.id);
    const id = (await writeOn(bob, alice)).body.data.id;
    expect((await del(t, bob.token, `${ACTIVITIES}/${id}`)).status).toBe(200);
    expect(await wallIds(alice, alice)).toEqual([]);
  });
});
