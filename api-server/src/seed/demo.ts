import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { settleSearchIndex } from '../db/search/index.ts';
import { hashSecret } from '../oauth/crypto.ts';
import { storeImage } from '../storage/images.ts';
import { specialAlbumId } from '../routes/albums/compose-upload.ts';
import { avatarPng, landscapeJpeg } from './pictures.ts';
import { rng, type Rng } from './random.ts';
import type { Insertable } from 'kysely';
import type { NotificationsTable } from '../db/types.ts';
import { notify } from '../domain/notifications.ts';
import { bodyHtml } from '../domain/text.ts';
import type { SeedContext } from './context.ts';
import { MODULE_SEEDS } from './modules.ts';

const DEMO_PASSWORD = 'demo-password';

export const DEMO_USERS = [
  { email: 'demo@example.com', full_name: 'Demo User', user_name: 'demo', gender: 'male', country_iso: 'US' },
  { email: 'alice@example.com', full_name: 'Alice Martin', user_name: 'alice', gender: 'female', country_iso: 'FR' },
  { email: 'bob@example.com', full_name: 'Bob Chen', user_name: 'bob', gender: 'male', country_iso: 'CA' },
  { email: 'carol@example.com', full_name: 'Carol Díaz', user_name: 'carol', gender: 'female', country_iso: 'ES' },
  { email: 'dave@example.com', full_name: 'Dave Okafor', user_name: 'dave', gender: 'male', country_iso: 'NG' },
  { email: 'erin@example.com', full_name: 'Erin Walsh', user_name: 'erin', gender: 'female', country_iso: 'IE' },
  { email: 'frank@example.com', full_name: 'Frank Müller', user_name: 'frank', gender: 'male', country_iso: 'DE' },
  { email: 'grace@example.com', full_name: 'Grace Kim', user_name: 'grace', gender: 'female', country_iso: 'KR' },
  { email: 'henry@example.com', full_name: 'Henry Ito', user_name: 'henry', gender: 'male', country_iso: 'JP' },
  { email: 'ivy@example.com', full_name: 'Ivy Novak', user_name: 'ivy', gender: 'female', country_iso: 'CZ' },
] as const;

/** Friend pairs by index into DEMO_USERS. Demo User's friends: Alice, Bob, Carol, Dave, Erin. */
export const DEMO_FRIENDS: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [0, 2],
  [0, 3],
  [0, 4],
  [0, 5],
  [1, 2],
  [1, 3],
  [2, 6],
  [3, 4],
  [5, 6],
  [6, 7],
  [7, 8],
  [7, 9],
  [8, 9],
];

const DEMO_IDENTITIES = [
  { user: 0, provider: 'facebook', uid: 'demo-facebook-uid' },
  { user: 1, provider: 'twitter', uid: 'alice-twitter-uid' },
] as const;

const POSTS = [
  'Morning run done before the rain. 8 km and a very happy dog.',
  'Does anyone have a good recipe for sourdough that does not take three days?',
  'Finally finished the bookshelf. Only one screw left over, which I choose to ignore.',
  'The farmers market had the first strawberries of the season today!',
  'Reading "The Left Hand of Darkness" again. Still wonderful.',
  'Our team shipped the new release tonight. Thank you all for the late hours.',
  'Who is up for a board game night on Friday?',
  'Tried the new ramen place on 5th street. The broth is worth the queue.',
  'Learning to play the ukulele. My neighbours are very patient people.',
  'Sunset from the balcony tonight was unreal.',
  'Volunteered at the library book sale — came home with eleven books. Oops.',
  'Reminder to self: back up the laptop. Reminder to everyone else too.',
  'First swim in the lake this year. Cold. So cold.',
  'Planted tomatoes, basil and far too many chillies.',
  'Anyone know a good bike mechanic near the station?',
  'Three days of hiking, zero phone signal, best week of the year.',
  'Made pancakes for twelve people this morning. I need a nap.',
  'The concert last night was incredible — still humming the encore.',
  'Moving day! If you hear sobbing, it is me carrying the piano.',
  'Happy birthday to my favourite person in the world ❤️',
  'Just watched a documentary about octopuses and now I have questions.',
  'New personal best at the climbing gym: the orange route!',
  'Coffee tasting at the roastery — the Ethiopian one won by a mile.',
  'Snow in the mountains already. Ski season is coming.',
];

const LINKS = [
  {
    uri: 'https://en.wikipedia.org/wiki/Sourdough',
    title: 'Sourdough — Wikipedia',
    description: 'Sourdough is bread made by the fermentation of dough using wild lactobacillaceae and yeast.',
  },
  {
    uri: 'https://developer.mozilla.org/en-US/docs/Web/HTTP',
    title: 'HTTP | MDN',
    description: 'Hypertext Transfer Protocol (HTTP) is an application-layer protocol for transmitting hypermedia documents.',
  },
  {
    uri: 'https://www.openstreetmap.org/',
    title: 'OpenStreetMap',
    description: 'OpenStreetMap is a map of the world, created by people like you and free to use under an open license.',
  },
  {
    uri: 'https://www.gutenberg.org/',
    title: 'Project Gutenberg',
    description: 'Project Gutenberg is a library of over 70,000 free eBooks.',
  },
  {
    uri: 'https://en.wikipedia.org/wiki/Octopus',
    title: 'Octopus — Wikipedia',
    description: 'An octopus is a soft-bodied, eight-limbed mollusc of the order Octopoda.',
  },
  {
    uri: 'https://datatracker.ietf.org/doc/html/rfc6749',
    title: 'RFC 6749: The OAuth 2.0 Authorization Framework',
    description: 'The OAuth 2.0 authorization framework enables a third-party application to obtain limited access to an HTTP service.',
  },
];

const PHOTO_TITLES = [
  'Lake at dawn',
  'Ridge walk',
  'Valley view',
  'Evening hills',
  'Above the clouds',
  'Quiet morning',
  'Last light',
  'Northern pass',
  'Blue hour',
  'Summit day',
  'Misty range',
  'Golden slopes',
];

const COMMENTS = [
  'Love this!',
  'So jealous right now.',
  'Count me in!',
  'Beautiful 😍',
  'Haha, classic.',
  'Where is this?',
  'Congratulations!',
  'Need the recipe please.',
  'Same here.',
  'That looks amazing.',
  'Save me a seat!',
  'Agreed 100%.',
];

export interface SeedResult {
  created: boolean;
  users: number;
  activities: number;
}

/**
 * The demo data: deterministic (a seeded PRNG; times relative to the moment of seeding) and
 * idempotent (nothing happens when the demo users exist already).
 */
export async function seedDemo(db: DB, config: Config, log: (msg: string) => void = () => {}): Promise<SeedResult> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_USERS[0].email).executeTakeFirst();
  if (existing) return { created: false, users: 0, activities: 0 };

  const r = rng(20261121);
  const t0 = now();
  const DAY = 86400;

  log('seeding users and pictures…');
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  const avatars = await Promise.all(DEMO_USERS.map(async (_u, i) => storeImage(config.dataDir, await avatarPng(i))));
  const userIds: number[] = [];
  for (const [i, u] of DEMO_USERS.entries()) {
    const row = await db
      .insertInto('users')
      .values({ ...u, password_hash: passwordHash, joined: t0 - (400 - i * 17) * DAY, avatar_key: avatars[i]!.key })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(row.id);
  }
  const uid = (i: number) => userIds[i]!;
  await db
    .insertInto('friendships')
    .values(
      DEMO_FRIENDS.flatMap(([a, b]) => [
        { user_id: uid(a), friend_id: uid(b), created_at: t0 - 300 * DAY },
        { user_id: uid(b), friend_id: uid(a), created_at: t0 - 300 * DAY },
      ]),
    )
    .execute();
  await db
    .insertInto('user_identities')
    .values(DEMO_IDENTITIES.map((x) => ({ provider: x.provider, uid: x.uid, user_id: uid(x.user) })))
    .execute();
  const friendsOf = (i: number) => DEMO_FRIENDS.flatMap(([a, b]) => (a === i ? [b] : b === i ? [a] : []));

  // Photos posted to the feed live in each owner's "Wall Photos" album, as compose_upload makes them.
  log('seeding photos…');
  const wallAlbums = new Map<number, number>();
  async function wallAlbum(owner: number, at: number): Promise<number> {
    const id = await specialAlbumId(db, uid(owner), 'wall', at);
    wallAlbums.set(owner, id);
    return id;
  }

  // Plan ~90 activities over the last five weeks, then insert them oldest first so that
  // ids grow with time (the feed is paged by id).
  type Plan = { owner: number; wall: number; at: number; kind: 'text' | 'link' | 'photo' | 'share' };
  const plans: Plan[] = [];
  for (let i = 0; i < 90; i++) {
    const owner = i % 7 === 0 ? 0 : r.int(0, DEMO_USERS.length - 1);
    const kind = r.pick(['text', 'text', 'text', 'link', 'photo', 'photo', 'share'] as const);
    const wall = r.chance(0.08) && friendsOf(owner).length ? r.pick(friendsOf(owner)) : owner;
    plans.push({ owner, wall, at: t0 - r.int(600, 35 * DAY), kind });
  }
  plans.sort((a, b) => a.at - b.at);

  log('seeding activities, likes and comments…');
  const activityIds: Array<{ id: number; owner: number }> = [];
  const photoIds: Array<{ id: number; owner: number }> = [];
  let photoIndex = 0;
  // The newest share passes on one of Demo User's posts, so that their notifications show a share too.
  const lastShare = plans.findLastIndex((p) => p.kind === 'share' && p.owner !== 0);
  for (const [planIndex, p] of plans.entries()) {
    const base = {
      owner_id: uid(p.owner),
      subject_type: 'user',
      subject_id: uid(p.wall),
      auth_view: 'everyone' as const,
      attachment_type: null as string | null,
      attachment_id: null as number | null,
      is_share: 0,
      link_uri: null as string | null,
      link_title: null as string | null,
      link_description: null as string | null,
      link_thumb: null as string | null,
      created_at: p.at,
    };
    let content = r.pick(POSTS);
    let shared: { type: 'photo' | 'activity'; id: number; owner: number } | undefined;
    if (p.kind === 'link') {
      const link = r.pick(LINKS);
      Object.assign(base, { attachment_type: 'link', link_uri: link.uri, link_title: link.title, link_description: link.description });
      content = `Worth a read: ${link.title}`;
    } else if (p.kind === 'photo') {
      const img = await storeImage(config.dataDir, await landscapeJpeg(r));
      const album = await wallAlbum(p.owner, p.at);
      const photo = await db
        .insertInto('photos')
        .values({
          owner_id: uid(p.owner),
          album_id: album,
          title: PHOTO_TITLES[photoIndex++ % PHOTO_TITLES.length]!,
          description: '',
          image_key: img.key,
          width: img.width,
          height: img.height,
          created_at: p.at,
          updated_at: p.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      photoIds.push({ id: photo.id, owner: p.owner });
      Object.assign(base, { attachment_type: 'photo', attachment_id: photo.id });
    } else if (p.kind === 'share') {
      const sharePhoto = photoIds.length && r.chance(0.4);
      const pool = sharePhoto ? photoIds : activityIds;
      const drawn = pool.length ? r.pick(pool) : undefined;
      // (Drawn all the same, so that the rest of the data stays as it was.)
      const demoPost = planIndex === lastShare ? activityIds.findLast((a) => a.owner === 0) : undefined;
      const target = demoPost ?? drawn;
      if (target) {
        shared = { type: demoPost || !sharePhoto ? 'activity' : 'photo', ...target };
        Object.assign(base, { attachment_type: shared.type, attachment_id: target.id, is_share: 1 });
        content = r.pick(['Had to share this.', 'This made my day.', '', 'Look at this!']);
      }
    }
    // A few of Carol's and Grace's posts are for friends only, to show privacy at work.
    if ((p.owner === 3 || p.owner === 7) && r.chance(0.4)) base.auth_view = 'owner_member' as never;
    const row = await db
      .insertInto('activities')
      .values({ ...base, content: bodyHtml(content) })
      .returning('id')
      .executeTakeFirstOrThrow();
    activityIds.push({ id: row.id, owner: p.owner });
    if (shared) {
      await notify(db, {
        userId: uid(shared.owner),
        actorId: uid(p.owner),
        kind: 'share',
        itemType: shared.type,
        itemId: shared.id,
        source: { type: 'activity', id: row.id },
        at: p.at,
      });
    }
    await reactions(db, r, { type: 'activity', id: row.id, owner: p.owner, at: p.at }, friendsOf(p.owner), uid, t0);
  }
  if (wallAlbums.size) {
    for (const [, albumId] of wallAlbums) {
      const cover = await db.selectFrom('photos').select('id').where('album_id', '=', albumId).orderBy('id', 'desc').executeTakeFirst();
      if (cover) await db.updateTable('albums').set({ cover_photo_id: cover.id }).where('id', '=', albumId).execute();
    }
  }
  const ctx: SeedContext = { db, config, r, t0, users: userIds, friendsOf: (i) => friendsOf(i).map(uid), log };
  for (const seedModule of MODULE_SEEDS) await seedModule(ctx);
  // Everyone has read what is more than two days old; what came since is new to them.
  await db
    .updateTable('notifications')
    .set({ read_at: t0 - 2 * DAY })
    .where('created_at', '<=', t0 - 2 * DAY)
    .execute();
  log(`seeded ${userIds.length} users and ${activityIds.length} activities`);
  // The search index in one piece, as any bulk load leaves it (db/search/sqlite-upkeep.ts).
  await settleSearchIndex(db);
  return { created: true, users: userIds.length, activities: activityIds.length };
}

/** Likes and comments by the owner's friends, with the notifications they caused. */
async function reactions(
  db: DB,
  r: Rng,
  item: { type: string; id: number; owner: number; at: number },
  friends: number[],
  uid: (i: number) => number,
  t0: number,
) {
  const likers = r.sample(friends, r.int(0, Math.min(4, friends.length)));
  const commenters = r.sample(friends, r.int(0, Math.min(3, friends.length)));
  const when = () => Math.min(t0 - 60, item.at + r.int(120, 3 * 86400));
  const notes: Array<Insertable<NotificationsTable>> = [];
  if (likers.length) {
    const rows = likers.map((l) => ({ target_type: item.type, target_id: item.id, user_id: uid(l), created_at: when() }));
    await db.insertInto('likes').values(rows).execute();
    for (const row of rows)
      notes.push({
        user_id: uid(item.owner),
        actor_id: row.user_id,
        kind: 'like',
        item_type: item.type,
        item_id: item.id,
        created_at: row.created_at,
      });
  }
  const commentRows = commenters
    .map((c) => ({ item_type: item.type, item_id: item.id, owner_id: uid(c), body: r.pick(COMMENTS), created_at: when() }))
    .sort((a, b) => a.created_at - b.created_at);
  for (const c of commentRows) {
    const row = await db.insertInto('comments').values(c).returning('id').executeTakeFirstOrThrow();
    notes.push({
      user_id: uid(item.owner),
      actor_id: c.owner_id,
      kind: 'comment',
      item_type: item.type,
      item_id: item.id,
      source_type: 'comment',
      source_id: row.id,
      created_at: c.created_at,
    });
    if (r.chance(0.3)) {
      await db
        .insertInto('likes')
        .values({ target_type: 'comment', target_id: row.id, user_id: uid(item.owner), created_at: c.created_at + 60 })
        .execute();
      notes.push({
        user_id: c.owner_id,
        actor_id: uid(item.owner),
        kind: 'like',
        item_type: 'comment',
        item_id: row.id,
        created_at: c.created_at + 60,
      });
    }
  }
  if (notes.length) await db.insertInto('notifications').values(notes).execute();
}
