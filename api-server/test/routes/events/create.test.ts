import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../src/db/index.ts';
import { type Answer, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, picture, post } from '../fixtures.ts';
import { eventCategory, rsvpOf } from './event-fixtures.ts';

const t = setupApi();
let me: number, token: string, clientToken: string;

beforeAll(async () => {
  me = (await createUser(t.db, { full_name: 'Eve Organiser' })).id;
  token = await tokenFor(t.db, me);
  clientToken = await tokenFor(t.db, null);
});

const URL = '/api/v1/events';
const countEvents = async () =>
  Number(
    (
      await t.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const imgDirs = () => fs.readdirSync(path.join(t.dataDir, 'files', 'img')).filter((d) => d !== 'default-user');

function expectParamError(res: Answer, name: string, errorText = 'invalid_parameter') {
  expect(res.status).toBe(400);
  expect(res.body.success).toBe(false);
  expect(res.body.data.error_text).toBe('invalid_parameters');
  expect(res.body.data.error_params).toContainEqual(expect.objectContaining({ name, error_text: errorText }));
}

describe('POST /events', () => {
  it('answers the new id, and the creator is attending from the start', async () => {
    const res = await post(t, token, URL, { title: 'Launch party' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: expect.any(Number) } });
    const id = res.body.data.id;
    expect(await rsvpOf(t.db, id, me)).toBe('attending');
    const detail = (await get(t, token, `${URL}/${id}`)).body.data;
    expect(detail).toMatchObject({
      title: 'Launch party',
      total_member: 1,
      attending_count: 1,
      can_edit: true,
      can_leave: false,
      can_compose: true,
    });
  });

  it('stores every field of the form, reading the times in the given time zone', async () => {
    const music = await eventCategory(t.db, 'Music');
    // What is stored as sent (the title is trimmed, the times read in the time zone).
    const asSent = {
      description: 'Bring a chair',
      category_id: music,
      timezone: 'Europe/Paris',
      host: 'The Jazz Club',
      location: 'Rue de la Paix 1, Paris',
      allow_search: 0,
      auth_invite: 0,
      approval: 1,
      auth_view: 'owner_member',
      auth_comment: 'registered',
      auth_photo: 'owner',
    };
    const res = await post(t, token, URL, {
      ...asSent,
      title: '  Jazz night  ',
      start_time: '2031-07-05 19:00:00',
      end_time: '2031-07-05 23:30:00',
    });
    expect(res.status).toBe(200);
    const row = await t.db.selectFrom('events').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      ...asSent,
      owner_id: me,
      title: 'Jazz night',
      start_time: Date.UTC(2031, 6, 5, 17, 0) / 1000,
      end_time: Date.UTC(2031, 6, 5, 21, 30) / 1000,
      image_key: null,
    });
    const detail = (await get(t, token, `${URL}/${row.id}`)).body.data;
    expect(detail).toMatchObject({
      category: { id: music, title: 'Music' },
      start_date: '2031-07-05',
      start_time: '19:00',
      end_date: '2031-07-05',
      end_time: '23:30',
      host: 'The Jazz Club',
      location: 'Rue de la Paix 1, Paris',
    });
  });

  it('defaults: searchable, guests may invite, no approval, everyone sees and comments, UTC; starts at the next full hour for an hour', async () => {
    const before = now();
    const res = await post(t, token, URL, { title: 'Quick one' });
    const row = await t.db.selectFrom('events').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      allow_search: 1,
      auth_invite: 1,
      approval: 0,
      auth_view: 'everyone',
      auth_comment: 'everyone',
      auth_photo: 'everyone',
      timezone: 'UTC',
      description: '',
      host: '',
      location: '',
      category_id: null,
    });
    expect(row.start_time % 3600).toBe(0);
    expect(row.start_time).toBeGreaterThan(before);
    expect(row.start_time).toBeLessThanOrEqual(before + 3600);
    expect(row.end_time).toBe(row.start_time + 3600);
  });

  it('without an end time lasts an hour from the given start; an end equal to the start is accepted', async () => {
    const a = await post(t, token, URL, { title: 'A', start_time: '2031-01-01 10:00:00' });
    const rowA = await t.db.selectFrom('events').selectAll().where('id', '=', a.body.data.id).executeTakeFirstOrThrow();
    expect(rowA.end_time - rowA.start_time).toBe(3600);
    const b = await post(t, token, URL, { title: 'B', start_time: '2031-01-01 10:00:00', end_time: '2031-01-01 10:00:00' });
    expect(b.status).toBe(200);
  });

  it('refuses a missing, blank or too long title, naming it, and creates nothing', async () => {
    const before = await countEvents();
    expectParamError(await post(t, token, URL, { description: 'no title' }), 'title', 'missing_parameter');
    expectParamError(await post(t, token, URL, { title: '   ' }), 'title', 'missing_parameter');
    expectParamError(await post(t, token, URL, { title: 'x'.repeat(256) }), 'title');
    expectParamError(await post(t, token, URL, { title: 'ok', description: 'x'.repeat(10001) }), 'description');
    expect(await countEvents()).toBe(before);
  });

  it('refuses impossible or malformed dates and an end before the start, naming the parameter', async () => {
    const before = await countEvents();
    expectParamError(await post(t, token, URL, { title: 'x', start_time: '2031-02-30 10:00:00' }), 'start_time');
    expectParamError(await post(t, token, URL, { title: 'x', start_time: '2031-02-10 25:00:00' }), 'start_time');
    expectParamError(await post(t, token, URL, { title: 'x', start_time: '2031-02-10T10:00:00' }), 'start_time');
    expectParamError(await post(t, token, URL, { title: 'x', start_time: '2031-02-10 10:00:00', end_time: 'tomorrow' }), 'end_time');
    const backwards = await post(t, token, URL, { title: 'x', start_time: '2031-02-10 10:00:00', end_time: '2031-02-10 09:59:59' });
    expectParamError(backwards, 'end_time');
    expect(backwards.body.data.error_params).toHaveLength(1);
    expect(await countEvents()).toBe(before);
  });

  it('refuses an unknown time zone, category, privacy or flag value, naming each', async () => {
    const blogCategory = await t.db.selectFrom('categories').select('id').where('module', '!=', 'event').executeTakeFirst();
    expectParamError(await post(t, token, URL, { title: 'x', timezone: 'Mars/Base' }), 'timezone');
    expectParamError(await post(t, token, URL, { title: 'x', category_id: 99999 }), 'category_id');
    if (blogCategory) expectParamError(await post(t, token, URL, { title: 'x', category_id: blogCategory.id }), 'category_id');
    expectParamError(await post(t, token, URL, { title: 'x', auth_view: 'friends' }), 'auth_view');
    expectParamError(await post(t, token, URL, { title: 'x', auth_photo: 'nobody' }), 'auth_photo');
    expectParamError(await post(t, token, URL, { title: 'x', approval: 2 }), 'approval');
    expectParamError(await post(t, token, URL, { title: 'x', allow_search: 'yes' }), 'allow_search');
  });

  it('takes an optional photo, sniffed from its bytes, and shows it as thumb', async () => {
    const res = await post(
      t,
      token,
      URL,
      { title: 'With a picture' },
      { photo: { filename: 'x.bin', content: await picture('png', 300, 200) } },
    );
    expect(res.status).toBe(200);
    const row = await t.db.selectFrom('events').select('image_key').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row.image_key).toMatch(/\.png$/);
    const { thumb } = (await get(t, token, `${URL}/${res.body.data.id}`, { fields: 'thumb' })).body.data;
    expect(thumb).toMatch(/^http:\/\/localhost:4000\/files\/img\/[0-9a-f]+\/240\.png$/);
    const file = path.join(t.dataDir, 'files', 'img', row.image_key!.split('.')[0]!, '240.png');
    expect(fs.existsSync(file)).toBe(true);
  });

  it('refuses a photo that is not an image with 400 naming photo, creating nothing and leaving no file', async () => {
    const before = await countEvents();
    const dirs = imgDirs().length;
    const res = await post(
      t,
      token,
      URL,
      { title: 'Fake picture' },
      { photo: { filename: 'x.png', content: Buffer.from('not an image at all'), type: 'image/png' } },
    );
    expectParamError(res, 'photo');
    expect(await countEvents()).toBe(before);
    expect(imgDirs().length).toBe(dirs);
  });

  it('treats an empty photo part (a form with no file chosen) as no photo', async () => {
    const res = await post(t, token, URL, { title: 'No picture' }, { photo: { filename: '', content: Buffer.alloc(0) } });
    expect(res.status).toBe(200);
  });

  it('answers 403 to a client-credentials token and to a token without the events scope', async () => {
    const before = await countEvents();
    expect((await post(t, clientToken, URL, { title: 'x' })).status).toBe(403);
    const wrong = await post(t, await tokenFor(t.db, me, ['basic', 'blogs']), URL, { title: 'x' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.data.error_text).toBe('insufficient_scope');
    expect((await post(t, null, URL, { title: 'x' })).status).toBe(401);
    expect(await countEvents()).toBe(before);
  });
});
