import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFriendsToInviteCommand } from '../events/commands.ts';
import { apiError, startRelay, type Relay, type RelayAnswer } from '../testing/relay.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { listNotificationGroups, markNotificationsSeen } from './activities.ts';
import { getAlbum, listAlbums, reorderAlbum } from './albums.ts';
import { ApiError, isMissingExtension } from './errors.ts';
import { createEventFeed, listEventFeeds, readEventFeed } from './event-feeds.ts';
import { readEventCalendar } from './events.ts';
import { listFriends } from './friends.ts';
import { getLinkPreview } from './link-preview.ts';
import { listPhotoTags } from './tags.ts';
import { getMusicChoices, getPlaylist, listMyPlaylists, listPlaylists } from './music.ts';
import { getVideo, getVideoChoices, listMyVideos, listVideos } from './videos.ts';

// The web client against a server without our extensions (docs/api.md, "Extensions"): a relay in
// front of the real api-server answers each extension's route as a server that lacks it does —
// 404, 405 (with or without a body), or 400 reading the route's segment as a document route's
// `{id}` (GET /activities/notifications as GET /activities/{id}) — and passes on the rest. Each
// function that uses an extension optionally answers "absent", and nothing else breaks.

type Lacking = '404' | '405' | '405 without a body' | '400 about the path id';

/** The extensions' routes (method and path under /api/v1); everything else is the document's. */
const EXTENSION_ROUTES: Array<[string, RegExp]> = [
  ['GET', /^\/activities\/notifications$/],
  ['GET', /^\/activities\/notifications\/groups$/],
  ['POST', /^\/activities\/notifications\/read$/],
  ['POST', /^\/activities\/notifications\/seen$/],
  ['GET', /^\/events\/feeds$/],
  ['GET', /^\/events\/calendar$/],
  ['POST', /^\/events\/feeds$/],
  ['GET', /^\/event_feeds\/[^/]+$/],
  ['GET', /^\/friends$/],
  ['GET', /^\/core\/tags$/],
  ['GET', /^\/core\/link_preview$/],
  ['POST', /^\/albums\/\d+\/order$/],
  ['GET', /^\/videos(\/.*)?$/],
  ['GET', /^\/music(\/.*)?$/],
];

/** What a server without the route answers. */
function answerLacking(lacking: Lacking): RelayAnswer {
  switch (lacking) {
    case '405 without a body':
      return { status: 405, headers: { allow: 'POST' } };
    case '404':
      return apiError(404, 'not_found', 'No such endpoint.');
    case '405':
      return apiError(405, 'method_not_allowed', 'Method not allowed.');
    case '400 about the path id':
      return apiError(400, 'invalid_parameters', 'id: must be integer', [{ name: 'id', message: 'must be integer' }]);
  }
}

const api = setupRealApi();
const { demo } = membersOf(api, ['demo']);
let relay: Relay;
/** undefined: the relay passes everything on (a server with the extensions). */
let lacking: Lacking | undefined;
let albumId: number;
let eventId: number;

beforeAll(async () => {
  relay = await startRelay(api.baseUrl, (_, method, path) =>
    lacking && EXTENSION_ROUTES.some(([m, route]) => m === method && route.test(path)) ? answerLacking(lacking) : undefined,
  );
  process.env.SOCIAL_API_URL = relay.baseUrl;
  const demoId = await api.userId('demo@example.com');
  albumId = (await listAlbums(demo.token, { mine: true }))!.find((a) => a.title === 'Lisbon weekend')!.id;
  eventId = (await api.db.selectFrom('events').select('id').where('owner_id', '=', demoId).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await relay?.close();
});

const photoIdsOf = async (id: number) => (await getAlbum(demo.token, id, { page: 1, limit: 50 }))!.photos.map((p) => p.id);

describe.each<Lacking>(['404', '405', '405 without a body', '400 about the path id'])(
  'against a server without the extensions (it answers %s)',
  (answer) => {
    beforeAll(() => {
      lacking = answer;
    });
    afterAll(() => {
      lacking = undefined;
    });

    it('notifications: no list (the page says so), nothing to mark seen; calendar feeds: none to list, none to make, none to read', async () => {
      expect(await listNotificationGroups(demo.token)).toBeUndefined();
      await expect(markNotificationsSeen(demo.token, 1)).resolves.toBeUndefined();
      expect(await listEventFeeds(demo.token)).toBeUndefined();
      expect(await createEventFeed(demo.token)).toBeUndefined();
      expect(await readEventFeed('a'.repeat(43))).toBeUndefined();
    });

    it('friends: no list, and inviting to an event says so; photo tags: none to show; link previews: none', async () => {
      expect(await listFriends(demo.token, { keywords: 'a' })).toBeUndefined();
      expect(await searchFriendsToInviteCommand(demo.token, eventId, { keywords: '', page: 1 })).toEqual({
        ok: false,
        message: 'This site keeps no list of friends, so none can be invited from here.',
      });
      const photoId = (await photoIdsOf(albumId))[0]!;
      expect(await listPhotoTags(demo.token, photoId)).toBeUndefined();
      expect(await getLinkPreview(demo.token, 'https://example.com/')).toBeUndefined();
    });

    it('videos: no list, none of one’s own, no choices, no video (the pages say the site has none)', async () => {
      expect(await listVideos(demo.token)).toBeUndefined();
      expect(await listMyVideos(demo.token)).toBeUndefined();
      expect(await getVideoChoices(demo.token)).toBeUndefined();
      expect(await getVideo(demo.token, 1, demo.id)).toBeUndefined();
    });

    it('music: no playlists, none of one’s own, no choices, no playlist (the pages say the site has none)', async () => {
      expect(await listPlaylists(demo.token)).toBeUndefined();
      expect(await listMyPlaylists(demo.token)).toBeUndefined();
      expect(await getMusicChoices(demo.token)).toBeUndefined();
      expect(await getPlaylist(demo.token, 1, demo.id)).toBeUndefined();
    });

    it('the events calendar: none, so the month is read as a list (lib/events/list.ts)', async () => {
      expect(await readEventCalendar(demo.token, { from: '2031-01-01', to: '2031-01-31', zone: 'UTC', perDay: 2 })).toBeUndefined();
    });

    it('album order: not kept, and the album stays in the order it had', async () => {
      const before = await photoIdsOf(albumId);
      expect(await reorderAlbum(demo.token, albumId, [...before].reverse())).toBe(false);
      expect(await photoIdsOf(albumId)).toEqual(before);
    });
  },
);

describe('against a server with the extensions, a refusal of the request itself is not "absent"', () => {
  it('album order: a list that misses a photo is refused naming photo_ids; an album one may not see is a 404, not "no order"', async () => {
    const before = await photoIdsOf(albumId);
    const refused = await reorderAlbum(demo.token, albumId, before.slice(1)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, fieldErrors: { photo_ids: expect.any(String) } });
    expect(isMissingExtension(refused)).toBe(false);
    expect(await photoIdsOf(albumId)).toEqual(before);

    const gone = await reorderAlbum(demo.token, 999_999, before).catch((e: unknown) => e);
    expect(gone).toMatchObject({ status: 404 });
  });

  it('link previews: an address the API refuses is its 400 naming uri', async () => {
    const refused = await getLinkPreview(demo.token, 'not a url').catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, fieldErrors: { uri: expect.any(String) } });
    expect(isMissingExtension(refused)).toBe(false);
  });

  it('the lists are there: notifications, feeds, friends, tags, videos', async () => {
    expect(await listVideos(demo.token)).toEqual(expect.any(Array));
    expect(await getVideoChoices(demo.token)).toMatchObject({ categories: expect.any(Array) });
    expect(await listPlaylists(demo.token)).toEqual(expect.any(Array));
    expect(await listNotificationGroups(demo.token)).toEqual(expect.any(Array));
    expect(await listEventFeeds(demo.token)).toEqual(expect.any(Array));
    expect(await readEventCalendar(demo.token, { from: '2031-01-01', to: '2031-01-31', zone: 'UTC', perDay: 2 })).toEqual({
      days: [],
      capped: false,
    });
    expect(await listFriends(demo.token)).toEqual(expect.any(Array));
    expect(await listPhotoTags(demo.token, (await photoIdsOf(albumId))[0]!)).toEqual(expect.any(Array));
  });
});

describe('isMissingExtension', () => {
  it('is 404, 405 and 501, with or without a body, and a 400 naming only a path id; not a 400 naming what was sent, nor other failures', () => {
    for (const status of [404, 405, 501]) expect(isMissingExtension(new ApiError(status, 'x', 'x'))).toBe(true);
    expect(isMissingExtension(new ApiError(502, 'bad_response', 'x', {}, 405))).toBe(true);
    expect(isMissingExtension(new ApiError(400, 'invalid_parameters', 'x', { id: 'must be integer' }))).toBe(true);
    expect(isMissingExtension(new ApiError(400, 'invalid_parameters', 'x', { fields: 'unknown field' }))).toBe(false);
    expect(isMissingExtension(new ApiError(400, 'invalid_parameters', 'x', { id: 'x', photo_ids: 'x' }))).toBe(false);
    expect(isMissingExtension(new ApiError(400, 'bad_request', 'x'))).toBe(false);
    for (const status of [401, 403, 500, 502, 504]) expect(isMissingExtension(new ApiError(status, 'x', 'x'))).toBe(false);
    expect(isMissingExtension(new Error('x'))).toBe(false);
  });
});
