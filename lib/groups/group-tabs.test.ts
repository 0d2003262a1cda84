import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveAlbumUploadCommand } from '../albums/upload-commands.ts';
import { saveEventCommand } from '../events/commands.ts';
import { newEventDefaults } from '../events/form-defaults.ts';
import { createActivity } from '../social-api/activities.ts';
import { uploadGroupPhoto } from '../social-api/album-upload.ts';
import { getEventChoices } from '../social-api/events.ts';
import { getGroupEvents, getGroupMembers, getGroupPhotos, getGroupWall } from '../social-api/group-tabs.ts';
import { getGroup } from '../social-api/groups.ts';
import { png } from '../testing/pictures.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { apiError, startRelay, type Relay } from '../testing/relay.ts';

// A group's tabs (lib/groups/group-page.ts reads them for the signed-in person), and what their
// buttons save — a post on the wall, photos into the group's album, an event in the group — against
// the real api-server over loopback HTTP, on a fresh copy of the demo data: Demo leads "Elm Street
// neighbours" (officers approve members), Dave is a member, Frank asked to join, Grace is a
// stranger to it, and "Sourdough bakers" is Grace's, for its members only.

const api = setupRealApi();
const { demo, dave, frank, grace } = membersOf(api, ['demo', 'dave', 'frank', 'grace']);

// A relay in front of the API (docs/api.md, "Groups": a tab in one request): while `lacking`, it
// refuses the lists' names in a group's `fields` as a server without them refuses any unknown field.
let relay: Relay | undefined;
let lacking = false;
beforeAll(async () => {
  relay = await startRelay(api.baseUrl, (url, method, path) =>
    lacking &&
    method === 'GET' &&
    /^\/groups\/\d+$/.test(path) &&
    /\b(wall|photos|events|members)\b/.test(url.searchParams.get('fields') ?? '')
      ? apiError(400, 'invalid_parameters', 'Invalid parameters.', [{ name: 'fields', message: 'unknown field' }])
      : undefined,
  );
  process.env.SOCIAL_API_URL = relay.baseUrl;
});
afterAll(async () => {
  await relay?.close();
});

const groupId = async (title: string) =>
  (await api.db.selectFrom('groups').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;

/** The group's view count, as the API keeps it. */
const viewsOf = async (id: number) =>
  (await api.db.selectFrom('groups').select('view_count').where('id', '=', id).executeTakeFirstOrThrow()).view_count;

/** Grace (no member, no officer: her reads would count) opens every tab of the open group. */
async function everyTab(id: number): Promise<void> {
  const paging = { page: 1, limit: 50 };
  expect(await getGroupWall(grace.token, id)).toBeDefined();
  expect(await getGroupMembers(grace.token, id, paging)).toBeDefined();
  expect(await getGroupPhotos(grace.token, id, paging)).toBeDefined();
  expect(await getGroupEvents(grace.token, id, paging)).toBeDefined();
  expect(await getGroupEvents(grace.token, id, paging, 'past')).toBeDefined();
}

/** The API requests `read` makes (their paths), as the relay in front of the API saw them. */
async function requestsOf<T>(read: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
  const from = relay!.requests.length;
  const result = await read();
  const requests = relay!.requests.slice(from).map((r) => new URL(r.split(' ')[1]!, 'http://relay').pathname);
  return { result, requests };
}

afterEach(() => vi.restoreAllMocks());

let pictures = 0;
/** Uploads a photo for the group as the BFF's upload route does (a multipart stream with group_id); answers its id. */
async function upload(token: string, group: number): Promise<number> {
  pictures += 1;
  const form = new FormData();
  form.append('group_id', String(group));
  form.append('Filedata', new Blob([new Uint8Array(png(8 + pictures, 8))], { type: 'image/png' }), `p${pictures}.png`);
  const body = new Response(form);
  return (await uploadGroupPhoto(token, { body: body.body!, contentType: body.headers.get('content-type')! })).photoId;
}

describe("a group's tabs", () => {
  it('the wall: one request for the group and its posts; a member posts, a non-member reads and is not offered the composer', async () => {
    const elm = await groupId('Elm Street neighbours');
    const post = await createActivity(dave.token, { body: 'Street party on Saturday', groupId: elm });
    const { result: mine, requests } = await requestsOf(() => getGroupWall(dave.token, elm));
    expect(requests).toEqual([`/api/v1/groups/${elm}`]);
    expect(mine!.group).toMatchObject({ id: elm, title: 'Elm Street neighbours', membership: 'member', can: { post: true } });
    expect(mine!.list.items[0]).toMatchObject({ id: post.id, owner: { id: dave.id }, group: { id: elm, name: 'Elm Street neighbours' } });
    // Grace is no member: she reads the open wall, may ask to join, and may neither post nor add photos or events.
    const hers = await getGroupWall(grace.token, elm);
    expect(hers!.group).toMatchObject({ membership: null, can: { request: true, post: false, uploadPhoto: false, createEvent: false } });
    expect(hers!.list.items.map((a) => a.id)).toContain(post.id);
  });

  it('the photos: uploads saved into the group with their descriptions, read back a page at a time; a non-member is refused', async () => {
    const elm = await groupId('Elm Street neighbours');
    const ids = [await upload(dave.token, elm), await upload(dave.token, elm)];
    const saved = await saveAlbumUploadCommand(dave.token, { photoIds: ids, descriptions: ['The lamp post', ''], groupId: elm });
    expect(saved).toMatchObject({ ok: true, message: '2 photos were added to the group.' });
    const { result, requests } = await requestsOf(() => getGroupPhotos(demo.token, elm, { page: 1, limit: 24 }));
    expect(requests).toEqual([`/api/v1/groups/${elm}`]);
    expect(result!.list.map((p) => [p.id, p.alt])).toEqual([
      [ids[0], 'The lamp post'],
      [ids[1], ''],
    ]);
    expect((await getGroupPhotos(demo.token, elm, { page: 2, limit: 1 }))!.list.map((p) => p.id)).toEqual([ids[1]]);
    // Grace's upload is refused by the API (she is no member), and nothing is added.
    await expect(upload(grace.token, elm)).rejects.toMatchObject({ status: 403 });
    const refused = await saveAlbumUploadCommand(grace.token, { photoIds: ids, groupId: elm });
    expect(refused.ok).toBe(false);
    expect((await getGroupPhotos(demo.token, elm, { page: 1, limit: 24 }))!.list).toHaveLength(2);
  });

  it('the events: one made in the group from the event form with its members-only privacy, listed by the tab', async () => {
    const elm = await groupId('Elm Street neighbours');
    const choices = await getEventChoices(demo.token, true);
    expect(choices.view.map((c) => c.id)).toContain('parent_member');
    const values = { ...newEventDefaults('Europe/Paris', Date.now(), choices, elm), title: 'Street party', authView: 'parent_member' };
    const made = await saveEventCommand(demo.token, { values });
    expect(made).toMatchObject({ ok: true, message: 'Your event was created.' });
    const id = made.ok ? made.data.id : 0;
    const { result, requests } = await requestsOf(() => getGroupEvents(dave.token, elm, { page: 1, limit: 10 }));
    expect(requests).toEqual([`/api/v1/groups/${elm}`]);
    expect(result!.list.map((e) => [e.id, e.title])).toEqual([[id, 'Street party']]);
    // Members only: Grace does not see it; and she may not make one there.
    expect((await getGroupEvents(grace.token, elm, { page: 1, limit: 10 }))!.list).toEqual([]);
    expect((await saveEventCommand(grace.token, { values })).ok).toBe(false);
  });

  it('the past events: an event of the group that has ended is listed on its own, most recent first, not with those to come', async () => {
    const elm = await groupId('Elm Street neighbours');
    const choices = await getEventChoices(demo.token, true);
    const values = { ...newEventDefaults('Europe/Paris', Date.now(), choices, elm), title: 'Spring clean-up' };
    const made = await saveEventCommand(demo.token, { values });
    const id = made.ok ? made.data.id : 0;
    // It took place last month (the form makes none in the past: its dates are moved in the database).
    const ended = Math.floor(Date.now() / 1000) - 30 * 86_400;
    await api.db
      .updateTable('events')
      .set({ start_time: ended, end_time: ended + 3_600 })
      .where('id', '=', id)
      .execute();
    const { result, requests } = await requestsOf(() => getGroupEvents(dave.token, elm, { page: 1, limit: 10 }, 'past'));
    expect(requests).toEqual([`/api/v1/groups/${elm}`]);
    expect(result!.list.map((e) => e.title)).toEqual(['Spring clean-up']);
    expect((await getGroupEvents(dave.token, elm, { page: 1, limit: 10 }))!.list.map((e) => e.title)).not.toContain('Spring clean-up');
  });

  it('the members: the members and, for officers alone, the people waiting, in one request', async () => {
    const elm = await groupId('Elm Street neighbours');
    const { result, requests } = await requestsOf(() => getGroupMembers(demo.token, elm, { page: 1, limit: 50 }));
    expect(requests).toEqual([`/api/v1/groups/${elm}`]);
    expect(result!.list.members.map((m) => m.id)).toEqual([demo.id, dave.id]);
    expect(result!.list.waiting.map((m) => [m.id, m.waiting])).toContainEqual([frank.id, 'requested']);
    expect((await getGroupMembers(dave.token, elm, { page: 1, limit: 50 }))!.list.waiting).toEqual([]);
    // A group the reader may not see is no tab at all.
    expect(await getGroupMembers(demo.token, await groupId('Sourdough bakers'), { page: 1, limit: 50 })).toBeUndefined();
  });

  it("a tab counts no view of the group: the group's own page (its About tab) counts the visit", async () => {
    const elm = await groupId('Elm Street neighbours');
    const before = await viewsOf(elm);
    await everyTab(elm);
    expect(await viewsOf(elm)).toBe(before);
    expect(await getGroup(grace.token, elm)).toMatchObject({ id: elm });
    expect(await viewsOf(elm)).toBe(before + 1);
  });
});

describe('against a server whose group detail carries no lists', () => {
  beforeAll(() => {
    lacking = true;
  });
  afterAll(() => {
    lacking = false;
  });

  it('each tab reads the group and its list apart, and shows the same; a hidden group is still no tab', async () => {
    const elm = await groupId('Elm Street neighbours');
    const paging = { page: 1, limit: 50 };
    const { result: wall, requests } = await requestsOf(() => getGroupWall(dave.token, elm));
    expect(requests).toEqual([`/api/v1/groups/${elm}`, `/api/v1/groups/${elm}`, '/api/v1/activities']);
    expect(wall!.group).toMatchObject({ id: elm, can: { post: true } });
    expect(wall!.list.items.map((a) => a.html)).toContain('Street party on Saturday');
    const members = await getGroupMembers(demo.token, elm, paging);
    expect(members!.list.members.map((m) => m.id)).toEqual([demo.id, dave.id]);
    expect(members!.list.waiting.map((m) => m.id)).toContain(frank.id);
    expect((await getGroupPhotos(demo.token, elm, paging))!.list).toHaveLength(2);
    expect((await getGroupEvents(dave.token, elm, paging))!.list.map((e) => e.title)).toEqual(['Street party']);
    expect((await getGroupEvents(dave.token, elm, paging, 'past'))!.list.map((e) => e.title)).toEqual(['Spring clean-up']);
    expect(await getGroupWall(demo.token, await groupId('Sourdough bakers'))).toBeUndefined();
  });

  it('a tab read apart counts no view of the group either', async () => {
    const elm = await groupId('Elm Street neighbours');
    const before = await viewsOf(elm);
    await everyTab(elm);
    expect(await viewsOf(elm)).toBe(before);
  });
});
