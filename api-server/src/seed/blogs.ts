import type { Insertable } from 'kysely';
import type { DB } from '../db/index.ts';
import type { NotificationsTable, Privacy } from '../db/types.ts';
import { setItemTags } from '../domain/keyword-tags.ts';
import { cleanRichText } from '../domain/rich-text.ts';
import type { SeedContext } from './context.ts';
import type { Rng } from './random.ts';

const DAY = 86400;

interface DemoBlog {
  /** DEMO_USERS index of the author. */
  by: number;
  title: string;
  category: string;
  tags: string;
  body: string;
  draft?: boolean;
  view?: Privacy;
  hidden?: boolean;
}

const BLOGS: DemoBlog[] = [
  {
    by: 1,
    title: 'Three days in Lyon',
    category: 'Travel',
    tags: 'france, food, travel',
    body: `<p>Lyon surprised me. I came for the food and stayed for the <b>traboules</b>, the covered passages that cut through the old town.</p>
<p>Highlights:</p><ul><li>Breakfast at Les Halles Paul Bocuse</li><li>The view from Fourvière at sunset</li><li>A long lunch in a bouchon on Rue Mercière</li></ul>
<p>Next time I will rent a bike and follow the Rhône south.</p>`,
  },
  {
    by: 1,
    title: 'What I read in March',
    category: 'Books',
    tags: 'books, reading',
    body: `<p>Four books this month. <i>The Left Hand of Darkness</i> was a reread and still the best of them.</p>
<p>I also finally finished <i>Middlemarch</i>. It took me a year, and it was worth every page.</p>`,
  },
  {
    by: 1,
    title: 'Sourdough, week four',
    category: 'Food',
    tags: 'bread, sourdough',
    view: 'registered',
    body: 'The starter is finally alive and smells like apples.\nThis week: 75% hydration, a longer cold proof, and a much better crumb.\nNext week I try rye.',
  },
  {
    by: 2,
    title: 'A home server on a Raspberry Pi',
    category: 'Technology',
    tags: 'raspberry pi, linux, self-hosting',
    body: `<p>I moved my photos and notes off the cloud and onto a Raspberry Pi in the hallway cupboard.</p>
<h3>What runs on it</h3><ul><li>A file server for the family</li><li>Nightly backups to an external disk</li><li>A tiny dashboard for the heating</li></ul>
<p>Total cost: less than a year of cloud storage. See <a href="https://www.raspberrypi.com/documentation/">the official documentation</a> to get started.</p>`,
  },
  {
    by: 2,
    title: 'Notes on Rust lifetimes',
    category: 'Technology',
    tags: 'rust, programming',
    draft: true,
    body: 'Unfinished notes. Lifetimes are not about how long a value lives but about how long a borrow is valid...',
  },
  {
    by: 3,
    title: 'Paella for twelve',
    category: 'Food',
    tags: 'paella, recipes, spain',
    view: 'owner_member',
    body: `<p>My grandmother's recipe, scaled up for the whole street party. The secret is the <b>socarrat</b>: let the rice catch at the bottom for the last two minutes.</p>
<p>For friends only, because she would never forgive me for publishing it.</p>`,
  },
  {
    by: 3,
    title: 'Why I started running',
    category: 'Personal',
    tags: 'running, health',
    body: 'A year ago I could not run to the bus stop.\nThis morning I ran ten kilometres before breakfast.\nStart slowly, run often, and buy good shoes.',
  },
  {
    by: 4,
    title: 'The best vinyl finds of the year',
    category: 'Music',
    tags: 'music, vinyl',
    body: `<p>Crate digging in three cities, and these were the records that made the trip worth it.</p>
<ol><li>A first pressing of a highlife compilation</li><li>A jazz record with the price tag from 1972 still on it</li><li>A scratched but perfect copy of an old soul album</li></ol>`,
  },
  {
    by: 5,
    title: 'Hiking the Wicklow Way',
    category: 'Travel',
    tags: 'hiking, ireland, travel',
    body: `<p>127 kilometres, six days, and rain on five of them. I would do it again tomorrow.</p>
<blockquote>The mountains do not care about your plans.</blockquote><p>Pack two pairs of socks for every day.</p>`,
  },
  {
    by: 5,
    title: 'Gear list',
    category: 'Travel',
    tags: 'hiking, gear',
    draft: true,
    body: 'Tent, stove, water filter, rain jacket, ...',
  },
  {
    by: 6,
    title: 'Berlin on a budget',
    category: 'Travel',
    tags: 'berlin, travel, budget',
    body: `<p>Berlin is still one of the cheapest capitals in western Europe if you know where to look.</p>
<ul><li>Buy a week ticket for public transport</li><li>Eat at the Turkish market on Tuesdays</li><li>Most museums are free one evening a month</li></ul>`,
  },
  {
    by: 7,
    title: 'Cooking with my grandmother',
    category: 'Food',
    tags: 'korean food, family, recipes',
    body: '<p>Every Sunday this winter I learned one dish from my grandmother. She never measures anything, so I measured for her.</p><p>First up: <b>kimchi jjigae</b>.</p>',
  },
  {
    by: 7,
    title: 'A quiet journal entry',
    category: 'Personal',
    tags: 'journal',
    hidden: true,
    body: 'Not for search engines or lists, just for whoever I send the link to.',
  },
  {
    by: 8,
    title: "Mechanical keyboards: a beginner's guide",
    category: 'Technology',
    tags: 'keyboards, hardware',
    body: `<p>Linear, tactile or clicky? Start with a cheap switch tester before you spend anything.</p>
<h3>My first build</h3><p>A 65% board, lubed linear switches, and keycaps I found second-hand.</p>`,
  },
  {
    by: 9,
    title: "Prague's hidden courtyards",
    category: 'Travel',
    tags: 'prague, travel, architecture',
    body: 'Step through any open archway in the old town and you may find a garden, a café or a workshop.\nMy five favourites are all within ten minutes of the Old Town Square.',
  },
  {
    by: 0,
    title: 'Welcome to my blog',
    category: 'Personal',
    tags: 'hello',
    body: '<p>Hello! This is where I write about <b>books</b>, trips and whatever else is on my mind.</p>',
  },
  {
    by: 0,
    title: 'My favourite science fiction novels',
    category: 'Books',
    tags: 'books, science fiction',
    body: `<p>A short list, in no particular order:</p><ul><li><i>The Dispossessed</i></li><li><i>Hyperion</i></li><li><i>A Fire Upon the Deep</i></li><li><i>Kindred</i></li></ul>
<p>Tell me yours in the comments.</p>`,
  },
  {
    by: 0,
    title: 'Summer plans',
    category: 'Personal',
    tags: 'plans',
    draft: true,
    body: 'Ideas so far: the Wicklow Way with Erin, a week in Lyon, learning to sail.',
  },
];

const DEMO_COMMENTS = [
  'Great read, thanks!',
  'Saving this for later.',
  'I had no idea!',
  'Love this 😍',
  'Can you share more photos?',
  'Is it still available?',
  'Great price.',
  'Where exactly is this?',
  'Sent you a message.',
  'Count me in!',
];

/**
 * Likes and comments by the owner's friends on the given items, with the notifications they
 * cause. Only items the owner's friends may see get any.
 */
export async function seedReactions(
  db: DB,
  r: Rng,
  t0: number,
  type: string,
  items: Array<{ id: number; owner: number; at: number }>,
  friendsOf: (owner: number) => number[],
): Promise<void> {
  const likes: Array<{ target_type: string; target_id: number; user_id: number; created_at: number }> = [];
  const comments: Array<{ item_type: string; item_id: number; owner_id: number; body: string; created_at: number }> = [];
  for (const item of items) {
    const friends = friendsOf(item.owner);
    const when = () => Math.min(t0 - 60, item.at + r.int(600, 3 * DAY));
    for (const user of r.sample(friends, r.int(0, Math.min(4, friends.length))))
      likes.push({ target_type: type, target_id: item.id, user_id: user, created_at: when() });
    for (const user of r.sample(friends, r.int(0, Math.min(2, friends.length))))
      comments.push({ item_type: type, item_id: item.id, owner_id: user, body: r.pick(DEMO_COMMENTS), created_at: when() });
  }
  const ownerOf = new Map(items.map((i) => [i.id, i.owner]));
  const notes: Array<Insertable<NotificationsTable>> = likes.map((l) => ({
    user_id: ownerOf.get(l.target_id)!,
    actor_id: l.user_id,
    kind: 'like',
    item_type: type,
    item_id: l.target_id,
    created_at: l.created_at,
  }));
  if (likes.length) await db.insertInto('likes').values(likes).execute();
  for (const c of comments.sort((a, b) => a.created_at - b.created_at)) {
    const row = await db.insertInto('comments').values(c).returning('id').executeTakeFirstOrThrow();
    notes.push({
      user_id: ownerOf.get(c.item_id)!,
      actor_id: c.owner_id,
      kind: 'comment',
      item_type: type,
      item_id: c.item_id,
      source_type: 'comment',
      source_id: row.id,
      created_at: c.created_at,
    });
  }
  if (notes.length) await db.insertInto('notifications').values(notes).execute();
}

/** Demo blogs: several authors, drafts, tags, categories, a friends-only and an unlisted one, likes and comments. */
export async function seedBlogs({ db, r, t0, users, friendsOf, log }: SeedContext): Promise<void> {
  log('seeding blogs…');
  const categories = new Map(
    (await db.selectFrom('categories').select(['id', 'title']).where('module', '=', 'blog').execute()).map((c) => [c.title, c.id]),
  );
  const plans = BLOGS.map((b) => ({ b, at: t0 - r.int(1, 60) * DAY - r.int(0, DAY), views: r.int(0, 400) }));
  // Oldest first, so that ids grow with time like real posts.
  plans.sort((a, b) => a.at - b.at);
  const published: Array<{ id: number; owner: number; at: number }> = [];
  for (const { b, at, views } of plans) {
    const owner = users[b.by]!;
    const row = await db
      .insertInto('blogs')
      .values({
        owner_id: owner,
        title: b.title,
        body: cleanRichText(b.body),
        category_id: categories.get(b.category) ?? null,
        is_draft: b.draft ? 1 : 0,
        allow_search: b.hidden ? 0 : 1,
        auth_view: b.view ?? 'everyone',
        auth_comment: 'everyone',
        view_count: b.draft ? 0 : views,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setItemTags(db, 'blog', row.id, b.tags);
    if (!b.draft && b.view !== 'owner') published.push({ id: row.id, owner, at });
  }
  const indexOf = new Map(users.map((id, i) => [id, i]));
  await seedReactions(db, r, t0, 'blog', published, (owner) => friendsOf(indexOf.get(owner)!));
}
