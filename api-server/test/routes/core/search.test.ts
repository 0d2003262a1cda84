import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CANDIDATES } from '../../../src/db/search/codes.ts';
import { setItemTags } from '../../../src/domain/keyword-tags.ts';
import { befriend, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, insertActivity, insertAlbum, insertBlog, insertClassified, insertEvent, insertPhoto, post } from '../fixtures.ts';

// GET /core/search (extension, docs/api.md, "Extensions": Search). Every describe searches for
// words of its own, so that what one puts in the database is not found by another's searches.

const SEARCH = '/api/v1/core/search';
const TYPE_IDS = ['all', 'user', 'album', 'photo', 'blog', 'classified', 'event', 'group', 'video', 'music_playlist', 'activity'];

const t = setupApi();
let dana: number, fred: number, sam: number;
let danaToken: string, fredToken: string, samToken: string, clientToken: string;

interface Result {
  id: number;
  type: string;
  title: string;
  description: string;
  img: string;
  owner?: { id: number; title: string };
  date: string;
  is_closed?: boolean;
}
interface Answer {
  count: number;
  more: boolean;
  items: Result[];
  types: Array<{ id: string; title: string; count: number; more: boolean }>;
}

async function search(token: string, keywords: string, query: Record<string, string | number> = {}): Promise<Answer> {
  const res = await get(t, token, SEARCH, { keywords, ...query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.data;
}

/** The results as `type:id`, in order. */
const found = (a: Answer) => a.items.map((i) => `${i.type}:${i.id}`);
const countOf = (a: Answer, type: string) => a.types.find((x) => x.id === type)!.count;

beforeAll(async () => {
  dana = (await createUser(t.db, { full_name: 'Dana Quillfeather' })).id;
  fred = (await createUser(t.db, { full_name: 'Fred Amsel' })).id;
  sam = (await createUser(t.db, { full_name: 'Sam Oriole' })).id;
  await befriend(t.db, dana, fred);
  danaToken = await tokenFor(t.db, dana);
  fredToken = await tokenFor(t.db, fred);
  samToken = await tokenFor(t.db, sam);
  clientToken = await tokenFor(t.db, null, ['basic']);
});

describe('GET /core/search: what matches', () => {
  let harbour: number, cafe: number, redKite: number, kiteRed: number, quokka: number;

  beforeAll(async () => {
    harbour = await insertBlog(t.db, fred, { title: 'Zephyr harbour notes', body: '<p>A quiet <b>morning</b> by the water.</p>' });
    cafe = await insertClassified(t.db, fred, { title: 'Café Díaz espresso machine', body: 'Works well.', location: 'Montréal' });
    redKite = await insertBlog(t.db, fred, { title: 'Windy day', body: '<p>The red kite was flying high.</p>' });
    kiteRed = await insertBlog(t.db, fred, { title: 'Birds', body: '<p>A kite, red and flying.</p>' });
    quokka = await insertBlog(t.db, fred, { title: 'Quokkaland tales', body: '<p>Short stories.</p>' });
  });

  it('finds an item when every word is in its text, wherever each one is', async () => {
    expect(found(await search(danaToken, 'zephyr morning'))).toEqual([`blog:${harbour}`]);
    expect(found(await search(danaToken, 'water harbour'))).toEqual([`blog:${harbour}`]);
  });

  it('finds nothing when one word is missing', async () => {
    const a = await search(danaToken, 'zephyr evening');
    expect(a.count).toBe(0);
    expect(a.items).toEqual([]);
  });

  it('ignores case and accents, both in the words typed and in the text', async () => {
    for (const words of ['cafe diaz', 'CAFÉ DÍAZ', 'Cafe Diaz', 'montreal', 'MONTRÉAL']) {
      expect(found(await search(danaToken, words)), words).toEqual([`classified:${cafe}`]);
    }
    expect(found(await search(danaToken, 'ZEPHYR Harbour'))).toEqual([`blog:${harbour}`]);
  });

  it('matches a "quoted phrase" as a phrase, and the same words unquoted in any order', async () => {
    expect(found(await search(danaToken, '"red kite"'))).toEqual([`blog:${redKite}`]);
    expect(new Set(found(await search(danaToken, 'red kite')))).toEqual(new Set([`blog:${redKite}`, `blog:${kiteRed}`]));
    expect(found(await search(danaToken, '"kite red"'))).toEqual([`blog:${kiteRed}`]);
  });

  it('matches a word of three or more letters as the start of a longer one, a shorter word only whole', async () => {
    expect(found(await search(danaToken, 'quo'))).toEqual([`blog:${quokka}`]);
    expect(found(await search(danaToken, 'quokkala'))).toEqual([`blog:${quokka}`]);
    expect((await search(danaToken, 'qu')).count).toBe(0);
    // A quoted word is the word itself.
    expect((await search(danaToken, '"quokka"')).count).toBe(0);
  });

  it("looks in every item's searchable text: tags, a listing's location, an event's place and host, a member's name, captions, posts", async () => {
    const tagged = await insertBlog(t.db, fred, { title: 'Bread', body: '<p>Flour and water.</p>' });
    await setItemTags(t.db, 'blog', tagged, 'sourdoughish, baking');
    const event = await insertEvent(t.db, fred, { title: 'Evening talk', location: 'Grenoble Hall', host: 'Mireille Botanic' });
    const album = await insertAlbum(t.db, fred, { title: 'Hikes', description: 'Pinnacles trail' });
    const photo = await insertPhoto(t.db, fred, album, 'Summit', { description: 'Marmot sighting' });
    const postId = await insertActivity(t.db, { owner: fred, content: 'Walked past the obelisk today' });
    expect(found(await search(danaToken, 'sourdoughish'))).toEqual([`blog:${tagged}`]);
    expect(found(await search(danaToken, 'grenoble'))).toEqual([`event:${event}`]);
    expect(found(await search(danaToken, 'botanic'))).toEqual([`event:${event}`]);
    expect(found(await search(danaToken, 'pinnacles'))).toEqual([`album:${album}`]);
    expect(found(await search(danaToken, 'marmot'))).toEqual([`photo:${photo}`]);
    expect(found(await search(danaToken, 'obelisk'))).toEqual([`activity:${postId}`]);
    expect(found(await search(danaToken, 'quillfeather'))).toEqual([`user:${dana}`]);
  });

  it('answers each result with its type, title, a plain-text excerpt, picture, owner and date', async () => {
    const [blog] = (await search(danaToken, 'zephyr')).items;
    expect(blog).toEqual({
      id: harbour,
      type: 'blog',
      title: 'Zephyr harbour notes',
      description: 'A quiet morning by the water.',
      img: '',
      owner: expect.objectContaining({ id: fred, type: 'user', title: 'Fred Amsel' }),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    const [member] = (await search(danaToken, 'quillfeather')).items;
    expect(member).toEqual({
      id: dana,
      type: 'user',
      title: 'Dana Quillfeather',
      description: '',
      img: expect.stringMatching(/^http.*\/240\.png$/),
      date: expect.any(String),
    });
    const [post] = (await search(danaToken, 'obelisk')).items;
    // A post has no title of its own: its text is its title.
    expect(post).toMatchObject({ type: 'activity', title: 'Walked past the obelisk today', owner: { id: fred } });
  });

  it('cuts the excerpt around the first match, at most 200 characters', async () => {
    const filler = 'Nothing much happened on this part of the road, we walked and talked. '.repeat(8);
    const id = await insertBlog(t.db, fred, { title: 'Long walk', body: `<p>${filler}</p><p>Then a narwhal appeared by the pier.</p>` });
    const [item] = (await search(danaToken, 'narwhal')).items;
    expect(item!.id).toBe(id);
    expect([...item!.description].length).toBeLessThanOrEqual(200);
    expect(item!.description).toMatch(/^….*narwhal appeared by the pier\.$/);
    expect(item!.description).not.toMatch(/[<>]/);
  });

  it('searches operators, quotes, stars, parentheses and column filters as the text they are', async () => {
    const id = await insertBlog(t.db, fred, { title: 'Saxifrage rock garden', body: '<p>Pink flowers.</p>' });
    for (const words of [
      'saxifrage*',
      '(saxifrage',
      'saxifrage)',
      '"saxifrage',
      'saxifrage"',
      '^saxifrage',
      '-saxifrage',
      '+saxifrage',
      'rock: saxifrage',
      'garden:saxifrage',
      '\u0001saxifrage',
      'saxifrage\u0007',
      '"rock garden" saxifrage',
    ]) {
      expect(found(await search(danaToken, words)), JSON.stringify(words)).toEqual([`blog:${id}`]);
    }
    // As query syntax each would find the post; as words, they are words it does not hold.
    for (const words of ['saxifrage OR qqqq', 'saxifrage NOT qqqq', 'NEAR(saxifrage rock)', 'saxifrage AND rock', '{body}: saxifrage']) {
      expect((await search(danaToken, words)).count, words).toBe(0);
    }
  });

  it('refuses keywords with a NUL character as invalid text (http/text.ts)', async () => {
    const res = await get(t, danaToken, SEARCH, { keywords: '\u0000saxifrage' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('keywords');
  });

  it('finds nothing, calmly, for keywords without a letter or digit', async () => {
    for (const words of ['***', '"', '""', '()', '-', '\u0001', '🙂']) {
      const a = await search(danaToken, words);
      expect(a.count, JSON.stringify(words)).toBe(0);
      expect(a.types.every((x) => x.count === 0)).toBe(true);
    }
  });
});

describe('GET /core/search: order', () => {
  let titleOld: number, body: number, listingOpen: number, listingClosed: number, event: number;

  beforeAll(async () => {
    titleOld = await insertBlog(t.db, fred, { title: 'Heliotrope garden', body: '<p>Purple.</p>', created_at: 1_800_000_100 });
    listingOpen = await insertClassified(t.db, fred, { title: 'Heliotrope seeds', created_at: 1_800_000_200 });
    event = await insertEvent(t.db, fred, { title: 'Plant swap', description: 'Bring heliotrope cuttings', created_at: 1_800_000_250 });
    body = await insertBlog(t.db, fred, { title: 'Balcony', body: '<p>The heliotrope is in bloom.</p>', created_at: 1_800_000_300 });
    listingClosed = await insertClassified(t.db, fred, { title: 'Heliotrope pots', is_closed: 1, created_at: 1_800_000_400 });
  });

  it('ranks title matches above body matches, newer first within each, and closed listings last', async () => {
    const a = await search(danaToken, 'heliotrope');
    expect(found(a)).toEqual([
      `classified:${listingOpen}`,
      `blog:${titleOld}`,
      `blog:${body}`,
      `event:${event}`,
      `classified:${listingClosed}`,
    ]);
  });

  it('ranks a member found by name as a title match, above a newer body match', async () => {
    const member = await createUser(t.db, { full_name: 'Quincewood Abbott' });
    const mention = await insertBlog(t.db, fred, { title: 'Orchard', body: '<p>Quincewood jam.</p>', created_at: 1_900_000_000 });
    expect(found(await search(danaToken, 'quincewood'))).toEqual([`user:${member.id}`, `blog:${mention}`]);
    expect(found(await search(danaToken, 'quincewood', { sort: 'newest' }))).toEqual([`blog:${mention}`, `user:${member.id}`]);
  });

  it('tells whether a listing is closed, and only for listings', async () => {
    const items = (await search(danaToken, 'heliotrope')).items;
    expect(items.find((i) => i.id === listingClosed && i.type === 'classified')!.is_closed).toBe(true);
    expect(items.find((i) => i.id === listingOpen && i.type === 'classified')!.is_closed).toBe(false);
    for (const i of items.filter((x) => x.type !== 'classified')) expect(i).not.toHaveProperty('is_closed');
  });

  it('sort=newest orders by date alone', async () => {
    expect(found(await search(danaToken, 'heliotrope', { sort: 'newest' }))).toEqual([
      `classified:${listingClosed}`,
      `blog:${body}`,
      `event:${event}`,
      `classified:${listingOpen}`,
      `blog:${titleOld}`,
    ]);
  });
});

describe('GET /core/search: privacy', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const blog = async (name: string, owner: number, p: Parameters<typeof insertBlog>[2]) => {
      ids[name] = `blog:${await insertBlog(t.db, owner, { title: `Marzipan ${name}`, ...p })}`;
    };
    await blog('public', fred, {});
    await blog('members', fred, { auth_view: 'registered' });
    await blog('friends', fred, { auth_view: 'owner_member' });
    await blog('secret', fred, { auth_view: 'owner' });
    await blog('unlisted', fred, { allow_search: 0 });
    await blog('draft', dana, { is_draft: 1 });
    ids.unlistedAlbum = `album:${await insertAlbum(t.db, fred, { title: 'Marzipan album', allow_search: 0 })}`;
    ids.unlistedEvent = `event:${await insertEvent(t.db, fred, { title: 'Marzipan evening', allow_search: 0 })}`;
    ids.friendsListing = `classified:${await insertClassified(t.db, fred, { title: 'Marzipan moulds', auth_view: 'owner_member' })}`;
    ids.friendsPost = `activity:${await insertActivity(t.db, { owner: fred, auth_view: 'owner_member', content: 'Made marzipan' })}`;
    const friendsAlbum = await insertAlbum(t.db, fred, { title: 'Kitchen', auth_view: 'owner_member' });
    ids.friendsPhoto = `photo:${await insertPhoto(t.db, fred, friendsAlbum, 'Marzipan pig')}`;
    await insertPhoto(t.db, fred, null, 'Marzipan upload waiting for an album');
    ids.member = `user:${(await createUser(t.db, { full_name: 'Marzipan Baker' })).id}`;
  });

  const expectFinds = async (token: string, names: string[]) => {
    const a = await search(token, 'marzipan', { limit: 50 });
    expect([...found(a)].sort()).toEqual(names.map((n) => ids[n]!).sort());
    // The counts tell nothing more than the results.
    expect(a.count).toBe(names.length);
    for (const type of TYPE_IDS.slice(1)) expect(countOf(a, type), type).toBe(names.filter((n) => ids[n]!.startsWith(`${type}:`)).length);
  };

  it("a friend finds the owner's friends-only items, and their own draft", async () => {
    await expectFinds(danaToken, ['public', 'members', 'friends', 'draft', 'friendsListing', 'friendsPost', 'friendsPhoto', 'member']);
  });

  it('a stranger finds neither friends-only items nor anyone else’s draft', async () => {
    await expectFinds(samToken, ['public', 'members', 'member']);
  });

  it('the owner finds their own, but neither what they hid from search nor an upload that is in no album yet', async () => {
    await expectFinds(fredToken, ['public', 'members', 'friends', 'secret', 'friendsListing', 'friendsPost', 'friendsPhoto', 'member']);
  });

  it('a client-credentials token finds only what everyone may see, and no members', async () => {
    await expectFinds(clientToken, ['public']);
  });
});

describe('GET /core/search: counts and pages', () => {
  const all: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 23; i++) {
      all.push(`blog:${await insertBlog(t.db, fred, { title: `Tessellate ${i}`, created_at: 1_810_000_000 + (i % 5) })}`);
    }
    for (let i = 0; i < 4; i++) all.push(`classified:${await insertClassified(t.db, fred, { title: `Tessellate tiles ${i}` })}`);
    for (let i = 0; i < 3; i++) all.push(`event:${await insertEvent(t.db, fred, { title: 'Meetup', description: `tessellate ${i}` })}`);
  });

  it('counts the matches of every type, "all" their sum, each type with its title', async () => {
    const a = await search(danaToken, 'tessellate');
    expect(a.count).toBe(30);
    expect(a.types.map((x) => x.id)).toEqual(TYPE_IDS);
    for (const x of a.types) expect(x.title).toMatch(/\S/);
    expect(Object.fromEntries(a.types.map((x) => [x.id, x.count]))).toEqual({
      all: 30,
      user: 0,
      album: 0,
      photo: 0,
      blog: 23,
      classified: 4,
      event: 3,
      group: 0,
      video: 0,
      music_playlist: 0,
      activity: 0,
    });
    expect(a.items).toHaveLength(10);
    // Every match was looked at: no count is "at least".
    expect(a.more).toBe(false);
    for (const x of a.types) expect(x.more).toBe(false);
  });

  it('type narrows the results and their count, and still counts every type', async () => {
    const a = await search(danaToken, 'tessellate', { type: 'event' });
    expect(a.count).toBe(3);
    expect(a.items.map((i) => i.type)).toEqual(['event', 'event', 'event']);
    expect(countOf(a, 'blog')).toBe(23);
    expect(countOf(a, 'all')).toBe(30);
    expect((await search(danaToken, 'tessellate', { type: 'all' })).count).toBe(30);
  });

  it('pages through every result once, in order, without gaps or repeats (ties in date included)', async () => {
    for (const sort of ['relevance', 'newest']) {
      const whole = found(await search(danaToken, 'tessellate', { sort, limit: 50 }));
      expect([...whole].sort()).toEqual([...all].sort());
      const paged: string[] = [];
      for (let page = 1; page <= 5; page++) paged.push(...found(await search(danaToken, 'tessellate', { sort, limit: 7, page })));
      expect(paged).toEqual(whole);
      const past = await search(danaToken, 'tessellate', { sort, limit: 7, page: 6 });
      expect(past.items).toEqual([]);
      expect(past.count).toBe(30);
    }
  });

  it('clamps limit to 1–50 as other lists do', async () => {
    expect((await search(danaToken, 'tessellate', { limit: 0 })).items).toHaveLength(1);
    expect((await search(danaToken, 'tessellate', { limit: 500 })).items).toHaveLength(30);
  });

  it('fields chooses the fields of each result', async () => {
    const a = await search(danaToken, 'tessellate', { fields: 'id,type', limit: 3 });
    for (const i of a.items) expect(Object.keys(i).sort()).toEqual(['id', 'type']);
  });
});

describe('GET /core/search: a word in more items than a search looks at', () => {
  // Each type's newest SEARCH_CANDIDATES matches are looked at.
  const CANDIDATES = SEARCH_CANDIDATES;
  const PAGE = CANDIDATES / 5;
  let posts: number[] = [];
  let blog = 0;

  beforeAll(async () => {
    const rows = Array.from({ length: CANDIDATES + 12 }, (_, i) => ({
      owner_id: fred,
      subject_type: 'user',
      subject_id: fred,
      content: `zeugma number ${i}`,
      auth_view: 'everyone' as const,
      is_share: 0,
      created_at: 1_820_000_000 + i,
    }));
    posts = (await t.db.insertInto('activities').values(rows).returning('id').execute()).map((r) => r.id);
    blog = await insertBlog(t.db, fred, { title: 'Zeugma', created_at: 1_700_000_000 });
  });

  it('counts the newest SEARCH_CANDIDATES of a type and says there are more; a type under the limit is counted whole', async () => {
    const a = await search(danaToken, 'zeugma');
    expect(countOf(a, 'activity')).toBe(CANDIDATES);
    expect(a.types.find((x) => x.id === 'activity')!.more).toBe(true);
    expect(countOf(a, 'blog')).toBe(1);
    expect(a.types.find((x) => x.id === 'blog')!.more).toBe(false);
    expect(a).toMatchObject({ count: CANDIDATES + 1, more: true });
    expect(a.types.find((x) => x.id === 'all')).toMatchObject({ count: CANDIDATES + 1, more: true });
    // Relevance: the title match first, old as it is; then the newest posts.
    expect(found(a).slice(0, 3)).toEqual([`blog:${blog}`, `activity:${posts.at(-1)}`, `activity:${posts.at(-2)}`]);
    expect(await search(danaToken, 'zeugma', { type: 'blog' })).toMatchObject({ count: 1, more: false });
  });

  it('pages through those, newest first, and no further', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++)
      seen.push(...found(await search(danaToken, 'zeugma', { type: 'activity', sort: 'newest', limit: PAGE, page })));
    expect(seen).toEqual(
      posts
        .slice(-CANDIDATES)
        .reverse()
        .map((id) => `activity:${id}`),
    );
    const past = await search(danaToken, 'zeugma', { type: 'activity', sort: 'newest', limit: PAGE, page: 6 });
    expect(past).toMatchObject({ count: CANDIDATES, more: true, items: [] });
  });

  it('still finds an older match by a rarer word', async () => {
    const oldest = posts[0]!;
    await t.db.updateTable('activities').set({ content: 'zeugma number 0 with a quillwort' }).where('id', '=', oldest).execute();
    expect(await search(danaToken, 'zeugma quillwort')).toMatchObject({ count: 1, more: false });
    expect(found(await search(danaToken, 'zeugma quillwort'))).toEqual([`activity:${oldest}`]);
  });
});

describe('GET /core/search: the index follows every write', () => {
  const categoryOf = async (module: 'blog' | 'classified' | 'event') =>
    (await t.db.selectFrom('categories').select('id').where('module', '=', module).executeTakeFirstOrThrow()).id;
  const count = async (words: string) => (await search(danaToken, words)).count;

  it('a blog: created, retitled, retagged, deleted through the API', async () => {
    const category_id = await categoryOf('blog');
    const created = await post(t, fredToken, '/api/v1/blogs', { title: 'Quixotic plans', category_id, body: 'Soon.', tags: 'kumquat' });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(found(await search(danaToken, 'quixotic'))).toEqual([`blog:${id}`]);
    expect(await count('kumquat')).toBe(1);
    const edited = await post(t, fredToken, `/api/v1/blogs/${id}`, { title: 'Pelican plans', category_id, body: 'Soon.', tags: 'loquat' });
    expect(edited.status).toBe(200);
    expect(await count('quixotic')).toBe(0);
    expect(await count('kumquat')).toBe(0);
    expect(found(await search(danaToken, 'pelican loquat'))).toEqual([`blog:${id}`]);
    expect((await del(t, fredToken, `/api/v1/blogs/${id}`)).status).toBe(200);
    expect(await count('pelican')).toBe(0);
    expect(await count('loquat')).toBe(0);
  });

  it('a listing: created, moved, closed, deleted through the API', async () => {
    const created = await post(t, fredToken, '/api/v1/classifieds', {
      title: 'Brass lamp',
      body: 'Heavy.',
      'fields[location]': 'Ushuaia',
      category_id: await categoryOf('classified'),
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(found(await search(danaToken, 'ushuaia'))).toEqual([`classified:${id}`]);
    expect(
      (await post(t, fredToken, `/api/v1/classifieds/${id}`, { title: 'Brass lamp', body: 'Heavy.', 'fields[location]': 'Valparaíso' }))
        .status,
    ).toBe(200);
    expect(await count('ushuaia')).toBe(0);
    expect(found(await search(danaToken, 'valparaiso'))).toEqual([`classified:${id}`]);
    expect((await post(t, fredToken, '/api/v1/classifieds/close', { id })).status).toBe(200);
    expect((await search(danaToken, 'valparaiso')).items[0]!.is_closed).toBe(true);
    expect((await del(t, fredToken, `/api/v1/classifieds/${id}`)).status).toBe(200);
    expect(await count('valparaiso')).toBe(0);
  });

  it('an event: created, edited, deleted through the API', async () => {
    const created = await post(t, fredToken, '/api/v1/events', { title: 'Aurora watch', location: 'Orléans', host: 'Olek' });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(found(await search(danaToken, 'orleans olek'))).toEqual([`event:${id}`]);
    expect((await post(t, fredToken, `/api/v1/events/${id}`, { title: 'Aurora watch', location: 'Kiruna' })).status).toBe(200);
    expect(await count('orleans')).toBe(0);
    expect(found(await search(danaToken, 'kiruna'))).toEqual([`event:${id}`]);
    expect((await del(t, fredToken, `/api/v1/events/${id}`)).status).toBe(200);
    expect(await count('kiruna')).toBe(0);
  });

  it('an album and its photos: renamed, captioned, deleted with the album', async () => {
    const album = await insertAlbum(t.db, fred, { title: 'Untitled' });
    const photo = await insertPhoto(t.db, fred, album, 'Untitled');
    expect((await post(t, fredToken, `/api/v1/albums/${album}`, { title: 'Fjordland' })).status).toBe(200);
    expect((await post(t, fredToken, `/api/v1/albums/photos/${photo}`, { description: 'Fjordland ferry' })).status).toBe(200);
    expect(new Set(found(await search(danaToken, 'fjordland')))).toEqual(new Set([`album:${album}`, `photo:${photo}`]));
    expect((await del(t, fredToken, `/api/v1/albums/${album}`)).status).toBe(200);
    expect(await count('fjordland')).toBe(0);
  });

  it('a post: published and deleted through the API', async () => {
    const created = await post(t, fredToken, '/api/v1/activities', { body: 'Spotted a pangolin at the zoo' });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(found(await search(danaToken, 'pangolin'))).toEqual([`activity:${id}`]);
    expect((await del(t, fredToken, `/api/v1/activities/${id}`)).status).toBe(200);
    expect(await count('pangolin')).toBe(0);
  });

  it('a member: found by a new name once renamed, not by the old one', async () => {
    const { id } = await createUser(t.db, { full_name: 'Wren Halloway' });
    expect(found(await search(danaToken, 'halloway'))).toEqual([`user:${id}`]);
    await t.db.updateTable('users').set({ full_name: 'Wren Castellan' }).where('id', '=', id).execute();
    expect(await count('halloway')).toBe(0);
    expect(found(await search(danaToken, 'castellan'))).toEqual([`user:${id}`]);
  });
});

describe('GET /core/search: refusals', () => {
  const refusal = async (query: Record<string, string | number>) => {
    const res = await get(t, danaToken, SEARCH, query);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.data.error_text).toBe('invalid_parameters');
    return res.body.data.error_params as Array<{ name: string; error_text: string }>;
  };

  it('answers 400 naming keywords when they are missing or empty', async () => {
    for (const query of [{}, { keywords: '' }, { keywords: '   \t ' }] as Array<Record<string, string>>) {
      expect(await refusal(query), JSON.stringify(query)).toEqual([
        expect.objectContaining({ name: 'keywords', error_text: 'missing_parameter' }),
      ]);
    }
  });

  it('answers 400 naming keywords longer than 100 characters once trimmed, and takes 100', async () => {
    expect(await refusal({ keywords: 'a'.repeat(101) })).toEqual([
      expect.objectContaining({ name: 'keywords', error_text: 'invalid_parameter' }),
    ]);
    expect(await refusal({ keywords: 'word '.repeat(2048) })).toEqual([expect.objectContaining({ name: 'keywords' })]);
    expect((await search(danaToken, `  ${'a'.repeat(100)}  `)).count).toBe(0);
  });

  it('answers 400 naming an unknown type, sort, field or a bad page', async () => {
    expect((await refusal({ keywords: 'x', type: 'song' })).map((p) => p.name)).toEqual(['type']);
    expect((await refusal({ keywords: 'x', sort: 'best' })).map((p) => p.name)).toEqual(['sort']);
    expect((await refusal({ keywords: 'x', fields: 'id,secret' })).map((p) => p.name)).toEqual(['fields']);
    expect((await refusal({ keywords: 'x', page: '1.5' })).map((p) => p.name)).toEqual(['page']);
  });

  it('answers 401 without a token and 403 without the basic scope', async () => {
    expect((await get(t, null, SEARCH, { keywords: 'x' })).status).toBe(401);
    const res = await get(t, await tokenFor(t.db, dana, ['albums']), SEARCH, { keywords: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
  });

  it('answers hostile keywords 200 or 400, never an error of the server', async () => {
    const hostile = [
      '"',
      '"""',
      '"a" "b',
      '*',
      'a*',
      '*a',
      'NEAR',
      'NEAR(a b)',
      'NEAR(a b, 2)',
      'a OR b',
      'a AND b',
      'NOT a',
      'a NOT b',
      '(',
      ')',
      '((a)',
      '{title}: a',
      'title:a',
      'body : a',
      'rowid:1',
      '-a',
      '+a',
      '^a',
      'a^',
      ':',
      '\u0000',
      'a\u0000b',
      '\ud800',
      "' OR '1'='1' --",
      "'; DROP TABLE search_index; --",
      '%',
      '_',
      '\\',
      'a"b',
      'ZERO\u200bWIDTH',
      '\u202eevil',
      'search_index MATCH a',
      'x'.repeat(10 * 1024),
      '"'.repeat(100),
      '('.repeat(100),
      'a '.repeat(50),
    ];
    for (const keywords of hostile) {
      for (const token of [danaToken, clientToken]) {
        const res = await get(t, token, SEARCH, { keywords });
        expect([200, 400], JSON.stringify(keywords).slice(0, 60)).toContain(res.status);
        expect(res.body.success).toBe(res.status === 200);
      }
    }
    // The index is still there and answering.
    expect((await search(danaToken, 'quillfeather')).count).toBe(1);
  });
});
