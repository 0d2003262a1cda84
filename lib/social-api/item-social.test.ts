import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../../api-server/test/helpers.ts';
import { insertItem } from '../../api-server/test/routes/fixtures.ts';
import { apiError, startRelay, type Relay } from '../testing/relay.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { getActivity } from './activities.ts';
import { loadAlbum, loadPhoto } from './albums.ts';
import { getBlog } from './blogs.ts';
import { getListing } from './classifieds.ts';
import { addComment, countPaged, likeItem, type ItemType, type Social } from './core.ts';
import { getEventPage } from './events.ts';
import { SOCIAL_FIELD_NAMES } from './fields.ts';
import { getPlaylist } from './music.ts';
import { getVideo } from './videos.ts';

// Every item type's page shows exact like and comment counts and its newest comments, past the
// first page of either (13 comments, 61 likes), with our API (the social fields, one read) and
// with a server that gives items other than activities none of them: the page then counts
// through the document's /core/comments and /core/likes pages.

const SOCIAL = new Set(SOCIAL_FIELD_NAMES.split(','));
const COMMENTS = 13;
const OTHER_LIKERS = 60;

const api = setupRealApi();
const { demo } = membersOf(api, ['demo']);
let relay: Relay;
/** When set, the relay refuses the social field names on every item but an activity (400 naming `fields`). */
let plain = false;
const items = new Map<ItemType, number>();

const pages: Record<ItemType, (token: string, id: number, viewerId: number) => Promise<{ social: Social } | undefined>> = {
  activity: getActivity,
  album: (t, id, v) => loadAlbum(t, id, { page: 1, limit: 50 }, v),
  photo: loadPhoto,
  blog: getBlog,
  classified: getListing,
  event: getEventPage,
  video: getVideo,
  music_playlist: getPlaylist,
};

beforeAll(async () => {
  relay = await startRelay(api.baseUrl, (url) => {
    const fields = url.searchParams.get('fields')?.split(',') ?? [];
    // The document gives an activity every social field, and a photo its can_share.
    const documented = (f: string) =>
      url.pathname.includes('/activities') || (f === 'can_share' && url.pathname.includes('/albums/photos/'));
    if (plain && fields.some((f) => SOCIAL.has(f) && !documented(f))) {
      return apiError(400, 'invalid_parameters', 'Invalid parameters.', [{ name: 'fields', message: 'unknown field name' }]);
    }
    return undefined;
  });
  process.env.SOCIAL_API_URL = relay.baseUrl;
  const alice = await api.userId('alice@example.com');
  const friends = await Promise.all(['demo', 'bob', 'carol'].map((n) => api.tokenOf(`${n}@example.com`)));
  const others = await Promise.all(Array.from({ length: OTHER_LIKERS }, async () => tokenFor(api.db, (await createUser(api.db)).id)));
  for (const type of Object.keys(pages) as ItemType[]) {
    const id = await insertItem(api.db, type, alice);
    items.set(type, id);
    const item = { type, id };
    for (let i = 0; i < COMMENTS; i += 1) await addComment(friends[i % 3]!, item, `Comment ${i + 1}`);
    // The reader likes it first: the API lists likers newest first, so theirs is on the last page.
    await likeItem(demo.token, item);
    await Promise.all(others.map((token) => likeItem(token, item)));
  }
}, 180_000);
afterAll(async () => {
  await relay?.close();
});

describe.each([
  ['our API', false],
  ['a server without the social fields on items', true],
])('an item’s page, against %s', (_, withoutFields) => {
  beforeAll(() => {
    plain = withoutFields;
  });

  it.each(Object.keys(pages) as ItemType[])('%s: exact counts, the newest comments, the reader’s own like', async (type) => {
    const id = items.get(type)!;
    relay.requests.length = 0;
    const { social } = (await pages[type](demo.token, id, demo.id))!;
    expect(social.item).toEqual({ type, id });
    expect(social.commentCount).toBe(COMMENTS);
    expect(social.likeCount).toBe(OTHER_LIKERS + 1);
    expect(social.liked).toBe(true);
    // The three newest comments (as the API's `comments` field gives them), oldest first.
    expect(social.comments.map((c) => c.text)).toEqual([`Comment ${COMMENTS - 2}`, `Comment ${COMMENTS - 1}`, `Comment ${COMMENTS}`]);
    // Read in a bounded number of calls: one with the fields; else the refused read, the item again and the two lists' pages.
    const calls = relay.requests.length;
    if (!withoutFields || type === 'activity') expect(calls).toBe(1);
    else expect(calls).toBeLessThanOrEqual(2 + 2 + 2);
  });
});

describe('countPaged: how many entries a list without a total holds', () => {
  const list = (n: number) => {
    const asked: number[] = [];
    const fetchPage = async (page: number, limit: number) => {
      asked.push(page);
      return Array.from({ length: Math.max(0, Math.min(limit, n - (page - 1) * limit)) }, (_, i) => (page - 1) * limit + i);
    };
    return { asked, fetchPage };
  };

  it.each([0, 1, 49, 50, 51, 99, 100, 101, 149, 150, 199, 200, 250, 1234, 5000, 12_345])('%i entries', async (n) => {
    const { asked, fetchPage } = list(n);
    const { count, first } = await countPaged(fetchPage, 50);
    expect(count).toBe(n);
    expect(first).toEqual(Array.from({ length: Math.min(50, n) }, (_, i) => i));
    // Doubling then halving: about 2·log2(pages) calls, never one per page.
    expect(asked.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(Math.max(2, n / 50 + 1))) + 2);
    if (n < 50) expect(asked).toEqual([1]);
  });
});
