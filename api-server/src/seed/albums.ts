import sharp from 'sharp';
import type { Insertable } from 'kysely';
import type { NotificationsTable, Privacy } from '../db/types.ts';
import { notify } from '../domain/notifications.ts';
import { storeImage, type StoredImage } from '../storage/images.ts';
import type { SeedContext } from './context.ts';
import type { Rng } from './random.ts';

// Album pictures are drawn as SVG like seed/pictures.ts (no text: fonts differ between
// machines). Each drawing takes its random numbers synchronously, so the pictures are the
// same on every machine even though they are encoded in parallel.
const W = 1000;
const H = 700;

type Theme = 'landscape' | 'skyline' | 'food' | 'art' | 'lights';

function landscapeSvg(r: Rng): string {
  const hue = r.int(0, 359);
  const ranges = [0, 1, 2].map((i) => {
    const pts: string[] = [`0,${H}`];
    for (let x = 0; x <= W; x += W / 8) pts.push(`${Math.round(x)},${Math.round(H * (0.45 + i * 0.15) - r.int(0, 140) + i * 20)}`);
    pts.push(`${W},${H}`);
    return `<polygon points="${pts.join(' ')}" fill="hsl(${(hue + 180 + i * 20) % 360},35%,${45 - i * 12}%)"/>`;
  });
  return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,${r.int(55, 75)}%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 40) % 360},80%,${r.int(80, 92)}%)"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <circle cx="${r.int(120, W - 120)}" cy="${r.int(90, 220)}" r="${r.int(35, 80)}" fill="hsl(${(hue + 20) % 360},95%,88%)"/>${ranges.join('')}`;
}

function skylineSvg(r: Rng): string {
  const hue = r.int(190, 260);
  const night = r.chance(0.5);
  const out = [`<rect width="${W}" height="${H}" fill="hsl(${hue},${night ? 45 : 60}%,${night ? 14 : 72}%)"/>`];
  if (night) out.push(`<circle cx="${r.int(100, W - 100)}" cy="${r.int(60, 160)}" r="30" fill="#f8fafc"/>`);
  for (let x = 0; x < W;) {
    const w = r.int(50, 120);
    const h = r.int(180, 520);
    out.push(
      `<rect x="${x}" y="${H - h}" width="${w - 6}" height="${h}" fill="hsl(${hue},20%,${night ? r.int(18, 28) : r.int(30, 45)}%)"/>`,
    );
    for (let wy = H - h + 16; wy < H - 20; wy += 34) {
      for (let wx = x + 10; wx < x + w - 20; wx += 22) {
        if (r.chance(night ? 0.45 : 0.25))
          out.push(`<rect x="${wx}" y="${wy}" width="10" height="16" fill="${night ? '#fde68a' : '#e0f2fe'}"/>`);
      }
    }
    x += w;
  }
  return out.join('');
}

function foodSvg(r: Rng): string {
  const table = `hsl(${r.int(20, 40)},${r.int(30, 50)}%,${r.int(30, 45)}%)`;
  const out = [
    `<rect width="${W}" height="${H}" fill="${table}"/>`,
    `<circle cx="500" cy="350" r="290" fill="#f8fafc"/>`,
    `<circle cx="500" cy="350" r="240" fill="#e2e8f0"/>`,
  ];
  const n = r.int(5, 11);
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + r.next();
    const d = r.int(30, 170);
    out.push(
      `<circle cx="${Math.round(500 + Math.cos(a) * d)}" cy="${Math.round(350 + Math.sin(a) * d)}" r="${r.int(25, 60)}" fill="hsl(${r.pick([0, 10, 30, 45, 90, 120])},${r.int(60, 85)}%,${r.int(40, 60)}%)"/>`,
    );
  }
  return out.join('');
}

function artSvg(r: Rng): string {
  const hue = r.int(0, 359);
  const out = [`<rect width="${W}" height="${H}" fill="hsl(${hue},25%,92%)"/>`];
  for (let i = 0; i < 14; i++) {
    const fill = `hsl(${(hue + r.int(0, 4) * 60) % 360},${r.int(50, 80)}%,${r.int(35, 65)}%)`;
    if (r.chance(0.5))
      out.push(
        `<rect x="${r.int(0, W - 200)}" y="${r.int(0, H - 200)}" width="${r.int(60, 320)}" height="${r.int(60, 320)}" fill="${fill}" opacity="0.85"/>`,
      );
    else out.push(`<circle cx="${r.int(60, W - 60)}" cy="${r.int(60, H - 60)}" r="${r.int(30, 160)}" fill="${fill}" opacity="0.8"/>`);
  }
  return out.join('');
}

function lightsSvg(r: Rng): string {
  const hue = r.int(240, 320);
  const out = [`<rect width="${W}" height="${H}" fill="hsl(${hue},50%,10%)"/>`];
  for (let i = 0; i < 40; i++) {
    out.push(
      `<circle cx="${r.int(0, W)}" cy="${r.int(0, H)}" r="${r.int(10, 70)}" fill="hsl(${r.int(0, 359)},90%,${r.int(55, 75)}%)" opacity="${(r.int(25, 70) / 100).toFixed(2)}"/>`,
    );
  }
  return out.join('');
}

const DRAW: Record<Theme, (r: Rng) => string> = {
  landscape: landscapeSvg,
  skyline: skylineSvg,
  food: foodSvg,
  art: artSvg,
  lights: lightsSvg,
};

interface AlbumPlan {
  owner: number;
  title: string;
  description: string;
  category: string;
  theme: Theme;
  photos: number;
  auth_view?: Privacy;
  auth_tag?: Privacy;
  allow_search?: number;
  /** Days before the seed. */
  age: number;
}

const ALBUMS: AlbumPlan[] = [
  {
    owner: 0,
    title: 'Lisbon weekend',
    description: 'Trams, tiles and far too many pastéis de nata.',
    category: 'Travel',
    theme: 'skyline',
    photos: 5,
    age: 30,
  },
  {
    owner: 0,
    title: 'Sunday dinners',
    description: 'What we cooked this spring. Friends only, the kitchen was a mess.',
    category: 'Food',
    theme: 'food',
    photos: 4,
    auth_view: 'owner_member',
    age: 12,
  },
  {
    owner: 1,
    title: 'Alps 2025',
    description: 'Ten days of hut-to-hut hiking.',
    category: 'Nature',
    theme: 'landscape',
    photos: 5,
    auth_tag: 'everyone',
    age: 60,
  },
  {
    owner: 1,
    title: 'Gallery visits',
    description: 'Pieces that stayed with me.',
    category: 'Art',
    theme: 'art',
    photos: 4,
    auth_view: 'registered',
    age: 20,
  },
  { owner: 2, title: 'Street food tour', description: 'Night market, round two.', category: 'Food', theme: 'food', photos: 4, age: 25 },
  {
    owner: 3,
    title: 'Family reunion',
    description: 'Everyone in one place for once.',
    category: 'Family',
    theme: 'lights',
    photos: 4,
    auth_view: 'owner_member',
    age: 40,
  },
  {
    owner: 4,
    title: 'Concert season',
    description: 'Front row whenever possible.',
    category: 'Events',
    theme: 'lights',
    photos: 4,
    age: 8,
  },
  { owner: 6, title: 'Berlin at night', description: '', category: 'Travel', theme: 'skyline', photos: 4, age: 50 },
  {
    owner: 7,
    title: 'Abstract studies',
    description: 'Colour exercises from my evening class.',
    category: 'Art',
    theme: 'art',
    photos: 4,
    auth_view: 'owner_member',
    allow_search: 0,
    age: 15,
  },
  {
    owner: 9,
    title: 'Spring in Prague',
    description: 'Blossoms along the river.',
    category: 'Nature',
    theme: 'landscape',
    photos: 4,
    age: 5,
  },
];

const PHOTO_TITLES: Record<Theme, string[]> = {
  landscape: ['Morning mist', 'The long ridge', 'Lake view', 'Above the valley', 'Last light', 'Trail head', 'Quiet meadow', 'First snow'],
  skyline: ['Old town', 'Rooftops', 'Blue hour', 'Night lights', 'Main square', 'From the bridge', 'Harbour side'],
  food: ['Starters', 'Slow-cooked stew', 'Fresh from the market', 'Dessert', 'Spice stall', 'Dumplings', 'Tapas night'],
  art: ['Composition I', 'Composition II', 'Blue period', 'Overlap', 'Balance', 'Circles', 'Warm and cold'],
  lights: ['Opening act', 'Encore', 'Festival lights', 'Dance floor', 'Sparklers', 'Lanterns', 'Main stage'],
};

const CAPTIONS = [
  'One of my favourites.',
  'Taken just before the rain.',
  'No filter!',
  'Worth the early start.',
  'We stayed until closing.',
];
const COMMENTS = [
  'Gorgeous!',
  'Where was this?',
  'Frame this one.',
  'So good 😍',
  'I want to go back.',
  'Great colours.',
  'Miss this place!',
];
const TAG_LABELS = ['The old bridge', 'Our table', 'Best seat', 'Sunrise', "Grandma's house"];

/** Runs `jobs` at most `n` at a time (sharp already uses several threads per image). */
async function inBatches<T>(jobs: Array<() => Promise<T>>, n: number): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < jobs.length; i += n) out.push(...(await Promise.all(jobs.slice(i, i + n).map((j) => j()))));
  return out;
}

/** Demo albums with photos, covers, tags, likes and comments (seed/modules.ts). */
export async function seedAlbums(ctx: SeedContext): Promise<void> {
  const { db, config, r, t0, users } = ctx;
  const DAY = 86400;
  ctx.log('seeding albums and photos…');
  const categories = new Map(
    (await db.selectFrom('categories').select(['id', 'title']).where('module', '=', 'album').execute()).map((c) => [c.title, c.id]),
  );

  // Plan every picture first (all draws from the PRNG, in order), then encode in parallel.
  const svgs = ALBUMS.flatMap((a) => Array.from({ length: a.photos }, () => DRAW[a.theme](r)));
  const images: StoredImage[] = await inBatches(
    svgs.map((body) => async () => {
      const jpeg = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`))
        .jpeg({ quality: 85 })
        .toBuffer();
      return storeImage(config.dataDir, jpeg);
    }),
    4,
  );

  let next = 0;
  const photosByAlbum: Array<{ albumId: number; plan: AlbumPlan; photoIds: number[] }> = [];
  for (const plan of ALBUMS) {
    const created = t0 - plan.age * DAY - r.int(0, 6 * 3600);
    const album = await db
      .insertInto('albums')
      .values({
        owner_id: users[plan.owner]!,
        kind: 'normal',
        title: plan.title,
        description: plan.description,
        category_id: categories.get(plan.category) ?? null,
        allow_search: plan.allow_search ?? 1,
        auth_view: plan.auth_view ?? 'everyone',
        auth_comment: 'everyone',
        auth_tag: plan.auth_tag ?? 'owner_member',
        cover_photo_id: null,
        view_count: r.int(0, 150),
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const titles = r.sample(PHOTO_TITLES[plan.theme], plan.photos);
    const rows = titles.map((title, i) => {
      const img = images[next++]!;
      const at = created + i * r.int(60, 1800);
      return {
        owner_id: users[plan.owner]!,
        album_id: album.id,
        title,
        description: r.chance(0.4) ? r.pick(CAPTIONS) : '',
        image_key: img.key,
        width: img.width,
        height: img.height,
        created_at: at,
        updated_at: at,
      };
    });
    const inserted = await db.insertInto('photos').values(rows).returning('id').execute();
    const photoIds = inserted.map((p) => p.id);
    await db
      .updateTable('albums')
      .set({ cover_photo_id: r.pick(photoIds) })
      .where('id', '=', album.id)
      .execute();
    photosByAlbum.push({ albumId: album.id, plan, photoIds });
  }

  // Tags, likes and comments come from the owner's friends (the only ones who may see some albums).
  const tags = [];
  const likes = [];
  const comments = [];
  for (const { albumId, plan, photoIds } of photosByAlbum) {
    const owner = users[plan.owner]!;
    const friends = ctx.friendsOf(plan.owner);
    const at = t0 - plan.age * DAY + DAY;
    for (const photoId of r.sample(photoIds, 2)) {
      const x = r.int(50, W - 300);
      const y = r.int(50, H - 300);
      const size = r.int(120, 240);
      const who = friends.length && r.chance(0.6) ? r.pick(friends) : null;
      tags.push({
        subject_type: 'photo',
        subject_id: photoId,
        tagger_id: owner,
        user_id: who,
        label: who === null ? r.pick(TAG_LABELS) : null,
        x,
        y,
        w: size,
        h: size,
        created_at: at,
      });
    }
    for (const user of r.sample(friends, r.int(1, Math.min(4, friends.length)))) {
      likes.push({ target_type: 'album', target_id: albumId, user_id: user, created_at: at + r.int(60, DAY) });
    }
    for (const photoId of r.sample(photoIds, 3)) {
      for (const user of r.sample(friends, r.int(0, Math.min(3, friends.length)))) {
        likes.push({ target_type: 'photo', target_id: photoId, user_id: user, created_at: at + r.int(60, DAY) });
      }
      if (friends.length && r.chance(0.6)) {
        comments.push({
          item_type: 'photo',
          item_id: photoId,
          owner_id: r.pick(friends),
          body: r.pick(COMMENTS),
          created_at: at + r.int(60, DAY),
        });
      }
    }
    if (friends.length && r.chance(0.5)) {
      comments.push({
        item_type: 'album',
        item_id: albumId,
        owner_id: r.pick(friends),
        body: r.pick(COMMENTS),
        created_at: at + r.int(60, DAY),
      });
    }
  }
  const ownerOf = new Map<string, number>();
  for (const { albumId, plan, photoIds } of photosByAlbum) {
    ownerOf.set(`album:${albumId}`, users[plan.owner]!);
    for (const id of photoIds) ownerOf.set(`photo:${id}`, users[plan.owner]!);
  }
  if (tags.length) {
    const tagIds = await db.insertInto('item_tag_areas').values(tags).returning('id').execute();
    // Tagged members hear of it, as POST /core/tags tells them.
    for (const [i, tag] of tags.entries()) {
      if (tag.user_id === null) continue;
      await notify(db, {
        userId: tag.user_id,
        actorId: tag.tagger_id,
        kind: 'tag',
        itemType: 'photo',
        itemId: tag.subject_id,
        source: { type: 'tag', id: tagIds[i]!.id },
        at: tag.created_at,
      });
    }
  }
  if (likes.length) await db.insertInto('likes').values(likes).execute();
  const notes: Array<Insertable<NotificationsTable>> = likes.map((l) => ({
    user_id: ownerOf.get(`${l.target_type}:${l.target_id}`)!,
    actor_id: l.user_id,
    kind: 'like',
    item_type: l.target_type,
    item_id: l.target_id,
    created_at: l.created_at,
  }));
  for (const c of comments.sort((a, b) => a.created_at - b.created_at)) {
    const row = await db.insertInto('comments').values(c).returning('id').executeTakeFirstOrThrow();
    notes.push({
      user_id: ownerOf.get(`${c.item_type}:${c.item_id}`)!,
      actor_id: c.owner_id,
      kind: 'comment',
      item_type: c.item_type,
      item_id: c.item_id,
      source_type: 'comment',
      source_id: row.id,
      created_at: c.created_at,
    });
  }
  if (notes.length) await db.insertInto('notifications').values(notes).execute();
  ctx.log(`seeded ${photosByAlbum.length} albums with ${images.length} photos`);
}
