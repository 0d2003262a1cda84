import sharp from 'sharp';
import type { Privacy } from '../db/types.ts';
import { notify } from '../domain/notifications.ts';
import { instantOf, wallTimeAt } from '../routes/events/schedule.ts';
import type { Rsvp } from '../routes/events/rules.ts';
import { storeImage } from '../storage/images.ts';
import type { Rng } from './random.ts';
import type { SeedContext } from './context.ts';

const DAY = 86400;
const HOUR = 3600;

/** An event picture: a gradient with confetti, balloons or stripes (no text). */
async function eventJpeg(r: Rng, width = 800, height = 450): Promise<Buffer> {
  const hue = r.int(0, 359);
  const shapes: string[] = [];
  const style = r.int(0, 2);
  for (let i = 0; i < 28; i++) {
    const x = r.int(0, width);
    const y = r.int(0, height);
    const fill = `hsl(${(hue + r.int(60, 300)) % 360},${r.int(60, 90)}%,${r.int(55, 75)}%)`;
    if (style === 0)
      shapes.push(
        `<rect x="${x}" y="${y}" width="${r.int(8, 18)}" height="${r.int(4, 10)}" fill="${fill}" transform="rotate(${r.int(0, 180)} ${x} ${y})"/>`,
      );
    else if (style === 1 && i < 9) {
      const rx = r.int(28, 46);
      shapes.push(`<line x1="${x}" y1="${y + rx}" x2="${x + r.int(-20, 20)}" y2="${height}" stroke="#f8fafc" stroke-width="2"/>`);
      shapes.push(`<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${Math.round(rx * 1.2)}" fill="${fill}"/>`);
    } else if (style === 2 && i < 8) {
      shapes.push(
        `<rect x="${-width}" y="${i * 70 - 40}" width="${width * 3}" height="34" fill="${fill}" opacity="0.55" transform="rotate(-18 ${width / 2} ${height / 2})"/>`,
      );
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},70%,55%)"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    ${shapes.join('\n')}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

interface DemoEvent {
  owner: number;
  title: string;
  description: string;
  category: string;
  /** Days from now (negative: in the past) and the local start hour in `zone`. */
  day: number;
  hour: number;
  minute?: number;
  hours: number;
  zone: string;
  host: string;
  location: string;
  photo: boolean;
  approval?: number;
  auth_invite?: number;
  allow_search?: number;
  auth_view?: Privacy;
  auth_comment?: Privacy;
  /** Other people's rows, by demo user index; invited ones are invited by the owner. */
  members: Array<[number, Rsvp]>;
}

const EVENTS: DemoEvent[] = [
  {
    owner: 0,
    title: 'Board game night',
    category: 'Party',
    day: 3,
    hour: 19,
    hours: 4,
    zone: 'America/New_York',
    photo: true,
    description: 'Catan, Codenames and whatever you bring. Snacks provided, drinks welcome.',
    host: 'Demo User',
    location: '12 Elm Street, Springfield',
    members: [
      [1, 'attending'],
      [2, 'maybe_attending'],
      [3, 'not_attending'],
      [4, 'awaiting_reply'],
      [5, 'attending'],
    ],
  },
  {
    owner: 0,
    title: 'Photography walk by the river',
    category: 'Workshop',
    day: 8,
    hour: 9,
    hours: 3,
    zone: 'America/New_York',
    photo: true,
    description: 'A slow morning walk with cameras. Beginners welcome; places are limited, so ask to join.',
    host: 'Demo User',
    location: 'Riverside Park, north gate',
    approval: 1,
    auth_invite: 0,
    members: [
      [1, 'attending'],
      [6, 'requested'],
      [7, 'requested'],
    ],
  },
  {
    owner: 0,
    title: 'Coffee morning',
    category: 'Meetup',
    day: 0,
    hour: -1,
    hours: 3,
    zone: 'UTC',
    photo: false,
    description: 'Happening now: drop by for a coffee and a chat.',
    host: 'Demo User',
    location: 'The Corner Café',
    members: [
      [2, 'attending'],
      [5, 'attending'],
    ],
  },
  {
    owner: 1,
    title: 'Sunday jazz in the park',
    category: 'Music',
    day: 10,
    hour: 16,
    hours: 3,
    zone: 'Europe/Paris',
    photo: true,
    description: 'A quartet, a picnic blanket and a warm afternoon. Bring something to share.',
    host: 'Alice Martin',
    location: 'Parc des Buttes-Chaumont, Paris',
    members: [
      [0, 'awaiting_reply'],
      [2, 'attending'],
      [3, 'awaiting_reply'],
      [9, 'maybe_attending'],
    ],
  },
  {
    owner: 1,
    title: 'Spring picnic',
    category: 'Party',
    day: -60,
    hour: 12,
    hours: 4,
    zone: 'Europe/Paris',
    photo: true,
    description: 'Cherry blossoms and far too much cheese.',
    host: 'Alice Martin',
    location: 'Jardin du Luxembourg, Paris',
    members: [
      [0, 'attending'],
      [2, 'attending'],
      [3, 'not_attending'],
    ],
  },
  {
    owner: 2,
    title: '5-a-side football',
    category: 'Sports',
    day: 5,
    hour: 18,
    minute: 30,
    hours: 1.5,
    zone: 'America/Toronto',
    photo: false,
    description: 'Friendly game, all levels. The pitch holds ten, so the organiser approves players.',
    host: 'Bob Chen',
    location: 'Christie Pits, Toronto',
    approval: 1,
    members: [
      [1, 'attending'],
      [6, 'attending'],
      [0, 'requested'],
    ],
  },
  {
    owner: 3,
    title: 'Birthday dinner',
    category: 'Party',
    day: 12,
    hour: 20,
    hours: 3.5,
    zone: 'Europe/Madrid',
    photo: true,
    description: 'Tapas, cake and the usual suspects. Friends only!',
    host: 'Carol Díaz',
    location: 'La Taberna, Calle Mayor 4, Madrid',
    auth_view: 'owner_member',
    auth_comment: 'owner_member',
    members: [
      [0, 'attending'],
      [1, 'maybe_attending'],
      [4, 'attending'],
    ],
  },
  {
    owner: 4,
    title: 'Lagos tech meetup',
    category: 'Meetup',
    day: -20,
    hour: 17,
    hours: 3,
    zone: 'Africa/Lagos',
    photo: true,
    description: 'Lightning talks on web performance, then pizza.',
    host: 'Dave Okafor',
    location: 'Co-Creation Hub, Yaba',
    members: [
      [0, 'attending'],
      [3, 'attending'],
      [5, 'not_attending'],
    ],
  },
  {
    owner: 5,
    title: 'Beach cleanup',
    category: 'Community',
    day: -45,
    hour: 10,
    hours: 3,
    zone: 'Europe/Dublin',
    photo: true,
    description: 'Gloves and bags provided. Tea afterwards.',
    host: 'Erin Walsh',
    location: 'Dollymount Strand, Dublin',
    members: [
      [0, 'attending'],
      [6, 'attending'],
    ],
  },
  {
    owner: 6,
    title: 'Techno night',
    category: 'Music',
    day: 20,
    hour: 22,
    hours: 6,
    zone: 'Europe/Berlin',
    photo: true,
    description: 'Three DJs until sunrise.',
    host: 'Frank Müller',
    location: 'Warehouse 9, Berlin',
    members: [
      [7, 'attending'],
      [8, 'maybe_attending'],
      [2, 'attending'],
    ],
  },
  {
    owner: 7,
    title: 'Pottery for beginners',
    category: 'Workshop',
    day: 14,
    hour: 14,
    hours: 3,
    zone: 'Asia/Seoul',
    photo: true,
    description: 'Learn to centre clay on the wheel. Aprons provided.',
    host: 'Grace Kim',
    location: 'Clay Studio, Mapo-gu, Seoul',
    allow_search: 0,
    members: [
      [8, 'attending'],
      [9, 'attending'],
    ],
  },
  {
    owner: 8,
    title: 'Ramen crawl',
    category: 'Party',
    day: 6,
    hour: 18,
    hours: 4,
    zone: 'Asia/Tokyo',
    photo: true,
    description: 'Four shops, four styles, one very full evening.',
    host: 'Henry Ito',
    location: 'Shinjuku, Tokyo',
    members: [
      [9, 'attending'],
      [7, 'maybe_attending'],
    ],
  },
  {
    owner: 9,
    title: 'Book club: Solaris',
    category: 'Community',
    day: -3,
    hour: 19,
    hours: 2,
    zone: 'Europe/Prague',
    photo: false,
    description: "We discuss Lem's Solaris. Come even if you did not finish it.",
    host: 'Ivy Novak',
    location: 'Café Louvre, Prague',
    members: [
      [8, 'attending'],
      [7, 'not_attending'],
    ],
  },
];

const COMMENTS = [
  'Count me in!',
  'Can I bring a friend?',
  'Looking forward to it.',
  'What time should we arrive?',
  'That was great, thanks!',
  'See you there 🎉',
];

/** Demo events: past, ongoing and upcoming, with members in every rsvp state, likes and comments. */
export async function seedEvents({ db, config, r, t0, users, log }: SeedContext): Promise<void> {
  log('seeding events…');
  const uid = (i: number) => users[i]!;
  const categories = new Map(
    (await db.selectFrom('categories').select(['id', 'title']).where('module', '=', 'event').execute()).map((c) => [c.title, c.id]),
  );
  const pictures = await Promise.all(EVENTS.map(async (e) => (e.photo ? storeImage(config.dataDir, await eventJpeg(r)) : undefined)));
  for (const [i, e] of EVENTS.entries()) {
    const today = wallTimeAt(t0 + e.day * DAY, e.zone);
    // hour -1: an event that started in the last hour and is still going on.
    const start =
      e.hour < 0 ? Math.floor(t0 / HOUR) * HOUR - HOUR : instantOf({ ...today, hour: e.hour, minute: e.minute ?? 0, second: 0 }, e.zone);
    const end = start + e.hours * HOUR;
    const created = Math.min(t0 - HOUR, start - r.int(5, 30) * DAY);
    const row = await db
      .insertInto('events')
      .values({
        owner_id: uid(e.owner),
        title: e.title,
        description: e.description,
        category_id: categories.get(e.category) ?? null,
        start_time: start,
        end_time: end,
        timezone: e.zone,
        host: e.host,
        location: e.location,
        allow_search: e.allow_search ?? 1,
        auth_invite: e.auth_invite ?? 1,
        approval: e.approval ?? 0,
        auth_view: e.auth_view ?? 'everyone',
        auth_comment: e.auth_comment ?? 'everyone',
        auth_photo: 'owner_member',
        image_key: pictures[i]?.key ?? null,
        image_width: pictures[i]?.width ?? null,
        image_height: pictures[i]?.height ?? null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const members = e.members.map(([m, rsvp], k) => ({
      event_id: row.id,
      user_id: uid(m),
      rsvp,
      invited_by: rsvp === 'awaiting_reply' ? uid(e.owner) : null,
      created_at: created + (k + 1) * HOUR,
    }));
    await db
      .insertInto('event_members')
      .values([{ event_id: row.id, user_id: uid(e.owner), rsvp: 'attending', invited_by: null, created_at: created }, ...members])
      .execute();
    // Invitations and requests to join are told as POST /events/{id}/invite and /request tell
    // them (at the latest a minute ago: rows of a recent event may be dated in the next hours).
    for (const m of members) {
      const at = Math.min(m.created_at, t0 - 60);
      if (m.rsvp === 'awaiting_reply') {
        await notify(db, { userId: m.user_id, actorId: uid(e.owner), kind: 'event_invite', itemType: 'event', itemId: row.id, at });
      } else if (m.rsvp === 'requested') {
        await notify(db, { userId: uid(e.owner), actorId: m.user_id, kind: 'event_request', itemType: 'event', itemId: row.id, at });
      }
    }

    // Likes and comments from people who are coming.
    const fans = e.members.filter(([, rsvp]) => rsvp === 'attending' || rsvp === 'maybe_attending').map(([m]) => m);
    const at = () => Math.min(t0 - 60, created + r.int(1, 72) * HOUR);
    const likers = r.sample(fans, r.int(Math.min(1, fans.length), fans.length));
    const commenters = r.sample(fans, r.int(Math.min(1, fans.length), Math.min(2, fans.length)));
    const notes: Array<{
      user_id: number;
      actor_id: number;
      kind: 'like' | 'comment';
      item_type: string;
      item_id: number;
      source_type: string | null;
      source_id: number | null;
      created_at: number;
    }> = [];
    if (likers.length) {
      const likes = likers.map((m) => ({ target_type: 'event', target_id: row.id, user_id: uid(m), created_at: at() }));
      await db.insertInto('likes').values(likes).execute();
      for (const l of likes)
        notes.push({
          user_id: uid(e.owner),
          actor_id: l.user_id,
          kind: 'like',
          item_type: 'event',
          item_id: row.id,
          source_type: null,
          source_id: null,
          created_at: l.created_at,
        });
    }
    for (const m of commenters) {
      const c = { item_type: 'event', item_id: row.id, owner_id: uid(m), body: r.pick(COMMENTS), created_at: at() };
      const comment = await db.insertInto('comments').values(c).returning('id').executeTakeFirstOrThrow();
      notes.push({
        user_id: uid(e.owner),
        actor_id: c.owner_id,
        kind: 'comment',
        item_type: 'event',
        item_id: row.id,
        source_type: 'comment',
        source_id: comment.id,
        created_at: c.created_at,
      });
    }
    if (notes.length) await db.insertInto('notifications').values(notes).execute();
  }
}
