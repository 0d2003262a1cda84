import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi } from '../../fixture.ts';
import { del, get, insertActivity, picture, post } from '../fixtures.ts';
import { addMember, eventCategory, makeCast, makeEvent } from './event-fixtures.ts';

const t = setupApi();
let owner: number, friend: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;

beforeAll(async () => {
  ({ owner, friend, ownerToken, friendToken, strangerToken, clientToken } = await makeCast(t.db));
});

const url = (id: number) => `/api/v1/events/${id}`;
const row = (id: number) => t.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
const imageDir = (key: string) => path.join(t.dataDir, 'files', 'img', key.split('.')[0]!);

async function eventWithPhoto(): Promise<{ id: number; key: string }> {
  const res = await post(
    t,
    ownerToken,
    '/api/v1/events',
    { title: 'Pictured' },
    { photo: { filename: 'a.jpg', content: await picture('jpeg') } },
  );
  const r = await row(res.body.data.id);
  return { id: r!.id, key: r!.image_key! };
}

describe('POST /events/{id}', () => {
  it('lets the owner edit; answers only success; what is not sent stays as it was', async () => {
    const workshop = await eventCategory(t.db, 'Workshop');
    const id = await makeEvent(t.db, owner, {
      description: 'Old text',
      host: 'Old host',
      location: 'Old place',
      approval: 1,
      category_id: workshop,
    });
    const before = await row(id);
    const res = await post(t, ownerToken, url(id), { title: 'New title', location: 'New place', auth_view: 'registered' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await row(id)).toMatchObject({
      title: 'New title',
      location: 'New place',
      auth_view: 'registered',
      description: 'Old text',
      host: 'Old host',
      approval: 1,
      category_id: workshop,
      start_time: before!.start_time,
      end_time: before!.end_time,
    });
  });

  it('changes every field of the form, and clears the category with category_id=0', async () => {
    const id = await makeEvent(t.db, owner, { category_id: await eventCategory(t.db, 'Party') });
    const sports = await eventCategory(t.db, 'Sports');
    // Each field is stored as sent.
    const form = {
      title: 'T',
      description: 'D',
      category_id: sports,
      host: 'H',
      location: 'L',
      allow_search: 0,
      auth_invite: 0,
      approval: 1,
      auth_view: 'owner_member',
      auth_comment: 'owner',
      auth_photo: 'registered',
    };
    await post(t, ownerToken, url(id), form);
    expect(await row(id)).toMatchObject(form);
    await post(t, ownerToken, url(id), { title: 'T', category_id: 0 });
    expect((await row(id))!.category_id).toBeNull();
  });

  it('requires the title (400 naming it) and changes nothing without it', async () => {
    const id = await makeEvent(t.db, owner, { title: 'Kept' });
    const res = await post(t, ownerToken, url(id), { description: 'new' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'title', error_text: 'missing_parameter' });
    expect(await row(id)).toMatchObject({ title: 'Kept', description: 'A gathering' });
  });

  it('moves the event when start_time and end_time are sent anyway (extension), checked like on creation', async () => {
    const id = await makeEvent(t.db, owner);
    await post(t, ownerToken, url(id), {
      title: 'Moved',
      start_time: '2032-03-01 10:00:00',
      end_time: '2032-03-01 12:00:00',
      timezone: 'Asia/Tokyo',
    });
    expect(await row(id)).toMatchObject({
      start_time: Date.UTC(2032, 2, 1, 1) / 1000,
      end_time: Date.UTC(2032, 2, 1, 3) / 1000,
      timezone: 'Asia/Tokyo',
    });
    const late = await post(t, ownerToken, url(id), { title: 'Moved', start_time: '2032-03-02 10:00:00' });
    expect(late.status).toBe(400);
    expect(late.body.data.error_params[0].name).toBe('start_time');
    const back = await post(t, ownerToken, url(id), { title: 'Moved', end_time: '2032-02-29 10:00:00' });
    expect(back.body.data.error_params[0].name).toBe('end_time');
    expect((await post(t, ownerToken, url(id), { title: 'Moved', end_time: '2031-02-29 10:00:00' })).body.data.error_params[0].name).toBe(
      'end_time',
    );
    expect((await row(id))!.start_time).toBe(Date.UTC(2032, 2, 1, 1) / 1000);
  });

  it('keeps the instants when only the time zone changes', async () => {
    const id = await makeEvent(t.db, owner);
    const before = await row(id);
    await post(t, ownerToken, url(id), { title: 'Zone', timezone: 'America/New_York' });
    expect(await row(id)).toMatchObject({ start_time: before!.start_time, end_time: before!.end_time, timezone: 'America/New_York' });
  });

  it('replaces the photo, removing the old files', async () => {
    const { id, key } = await eventWithPhoto();
    expect(fs.existsSync(imageDir(key))).toBe(true);
    const res = await post(t, ownerToken, url(id), { title: 'Pictured' }, { photo: { filename: 'b.png', content: await picture('png') } });
    expect(res.status).toBe(200);
    const now = (await row(id))!.image_key!;
    expect(now).toMatch(/\.png$/);
    expect(fs.existsSync(imageDir(key))).toBe(false);
    expect(fs.existsSync(imageDir(now))).toBe(true);
  });

  it('refuses a photo that is not an image with 400 naming photo, changing nothing', async () => {
    const { id, key } = await eventWithPhoto();
    const res = await post(
      t,
      ownerToken,
      url(id),
      { title: 'Changed?' },
      { photo: { filename: 'x.jpg', content: Buffer.from('GIF89a but not really') } },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('photo');
    expect(await row(id)).toMatchObject({ title: 'Pictured', image_key: key });
  });

  it('answers 403 to anyone but the owner and changes nothing; 404 to someone who may not see it', async () => {
    const id = await makeEvent(t.db, owner, { title: 'Mine', auth_view: 'owner_member' });
    await addMember(t.db, id, friend, 'attending');
    expect((await get(t, friendToken, url(id), { fields: 'can_edit' })).body.data).toEqual({ can_edit: false });
    expect((await post(t, friendToken, url(id), { title: 'Hijacked' })).status).toBe(403);
    expect((await post(t, strangerToken, url(id), { title: 'Hijacked' })).status).toBe(404);
    const open = await makeEvent(t.db, owner, { title: 'Mine' });
    expect((await post(t, clientToken, url(open), { title: 'Hijacked' })).status).toBe(403);
    expect((await row(id))!.title).toBe('Mine');
    expect((await row(open))!.title).toBe('Mine');
    expect((await post(t, ownerToken, url(999999), { title: 'x' })).status).toBe(404);
  });
});

describe('DELETE /events/{id}', () => {
  it('deletes the event with its members, picture, likes, comments and feed shares; answers {message}', async () => {
    const { id, key } = await eventWithPhoto();
    await addMember(t.db, id, friend, 'attending');
    expect((await post(t, friendToken, '/api/v1/core/likes', { item_type: 'event', item_id: id })).status).toBe(200);
    expect((await post(t, friendToken, '/api/v1/core/comments', { item_type: 'event', item_id: id, body: 'See you!' })).status).toBe(200);
    const share = await insertActivity(t.db, { owner: friend, content: '', attachment_type: 'event', attachment_id: id, is_share: 1 });
    const res = await del(t, ownerToken, url(id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect(await row(id)).toBeUndefined();
    expect((await get(t, ownerToken, url(id))).status).toBe(404);
    expect(await t.db.selectFrom('event_members').select('user_id').where('event_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('likes').select('id').where('target_type', '=', 'event').where('target_id', '=', id).execute()).toEqual(
      [],
    );
    expect(await t.db.selectFrom('comments').select('id').where('item_type', '=', 'event').where('item_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('activities').select('id').where('id', '=', share).execute()).toEqual([]);
    expect(fs.existsSync(imageDir(key))).toBe(false);
    expect((await del(t, ownerToken, url(id))).status).toBe(404);
  });

  it('answers 403 to anyone but the owner, and the event stays', async () => {
    const id = await makeEvent(t.db, owner);
    await addMember(t.db, id, friend, 'attending');
    expect((await get(t, friendToken, url(id), { fields: 'can_delete' })).body.data).toEqual({ can_delete: false });
    expect((await del(t, friendToken, url(id))).status).toBe(403);
    expect((await del(t, strangerToken, url(id))).status).toBe(403);
    expect((await del(t, clientToken, url(id))).status).toBe(403);
    expect(await row(id)).toBeDefined();
  });

  it('answers 404 to someone the privacy keeps out', async () => {
    const id = await makeEvent(t.db, owner, { auth_view: 'owner' });
    expect((await del(t, friendToken, url(id))).status).toBe(404);
    expect(await row(id)).toBeDefined();
  });
});

describe('likes and comments on events', () => {
  it("follow the event's privacy and comment setting", async () => {
    const id = await makeEvent(t.db, owner, { auth_view: 'owner_member', auth_comment: 'owner' });
    expect((await post(t, strangerToken, '/api/v1/core/likes', { item_type: 'event', item_id: id })).status).toBe(404);
    expect((await post(t, friendToken, '/api/v1/core/likes', { item_type: 'event', item_id: id })).status).toBe(200);
    expect((await post(t, friendToken, '/api/v1/core/comments', { item_type: 'event', item_id: id, body: 'hi' })).status).toBe(403);
    expect((await post(t, ownerToken, '/api/v1/core/comments', { item_type: 'event', item_id: id, body: 'hi' })).status).toBe(200);
  });
});
