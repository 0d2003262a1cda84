import sharp from 'sharp';
import type { Privacy } from '../db/types.ts';
import { setItemTags } from '../domain/keyword-tags.ts';
import { cleanRichText } from '../domain/rich-text.ts';
import { storeImage } from '../storage/images.ts';
import { seedReactions } from './blogs.ts';
import type { SeedContext } from './context.ts';
import type { Rng } from './random.ts';

const DAY = 86400;
const W = 800;
const H = 600;

// Listing pictures are drawn as SVG (no text: fonts differ between machines). Each drawing
// takes its random numbers synchronously, so the pictures are the same on every machine even
// though they are encoded in parallel.
type Thing = 'bike' | 'table' | 'chair' | 'sofa' | 'house' | 'car' | 'box' | 'lamp' | 'pot' | 'tent' | 'kayak' | 'guitar';

function color(r: Rng, light = 50): string {
  return `hsl(${r.int(0, 359)},${r.int(45, 75)}%,${light + r.int(-8, 8)}%)`;
}

function thingSvg(r: Rng, thing: Thing): string {
  const wall = `hsl(${r.int(0, 359)},${r.int(15, 35)}%,${r.int(82, 92)}%)`;
  const floor = `hsl(${r.int(20, 40)},${r.int(20, 40)}%,${r.int(45, 60)}%)`;
  const c = color(r);
  const dark = '#1f2937';
  const scene = [
    `<rect width="${W}" height="${H}" fill="${wall}"/>`,
    `<rect y="${H * 0.72}" width="${W}" height="${H * 0.28}" fill="${floor}"/>`,
  ];
  const shapes: Record<Thing, () => string> = {
    bike: () => `<g fill="none" stroke="${dark}" stroke-width="14"><circle cx="240" cy="400" r="100"/><circle cx="560" cy="400" r="100"/></g>
      <g fill="none" stroke="${c}" stroke-width="16" stroke-linejoin="round"><path d="M240 400 L340 260 L520 260 L560 400 M340 260 L400 400 L520 260 M400 400 L240 400"/>
      <path d="M330 230 L380 230 M520 260 L510 210 L560 200"/></g>`,
    table: () =>
      `<rect x="150" y="250" width="500" height="40" rx="6" fill="${c}"/><rect x="180" y="290" width="30" height="170" fill="${c}"/><rect x="590" y="290" width="30" height="170" fill="${c}"/>`,
    chair:
      () => `<rect x="300" y="140" width="200" height="180" rx="30" fill="${c}"/><rect x="280" y="300" width="240" height="70" rx="20" fill="${c}"/>
      <rect x="300" y="370" width="20" height="90" fill="${dark}"/><rect x="480" y="370" width="20" height="90" fill="${dark}"/>`,
    sofa: () => `<rect x="130" y="200" width="540" height="150" rx="40" fill="${c}"/><rect x="100" y="280" width="600" height="120" rx="30" fill="${c}"/>
      <rect x="130" y="400" width="20" height="40" fill="${dark}"/><rect x="650" y="400" width="20" height="40" fill="${dark}"/>`,
    house:
      () => `<rect x="230" y="250" width="340" height="220" fill="${c}"/><polygon points="200,260 400,110 600,260" fill="${color(r, 35)}"/>
      <rect x="370" y="360" width="60" height="110" fill="${dark}"/><rect x="270" y="300" width="60" height="50" fill="#e0f2fe"/><rect x="470" y="300" width="60" height="50" fill="#e0f2fe"/>`,
    car: () => `<path d="M140 380 L180 300 L300 250 L520 250 L620 320 L680 340 L680 400 L140 400 Z" fill="${c}"/><rect x="320" y="270" width="180" height="50" fill="#e0f2fe"/>
      <circle cx="260" cy="410" r="50" fill="${dark}"/><circle cx="560" cy="410" r="50" fill="${dark}"/>`,
    box: () => `<rect x="250" y="220" width="300" height="240" fill="hsl(32,45%,${r.int(55, 65)}%)"/><rect x="385" y="220" width="30" height="240" fill="hsl(32,35%,80%)"/>
      <rect x="300" y="160" width="200" height="60" fill="hsl(32,45%,58%)"/>`,
    lamp: () =>
      `<polygon points="320,160 480,160 530,280 270,280" fill="${c}"/><rect x="392" y="280" width="16" height="150" fill="${dark}"/><rect x="330" y="430" width="140" height="20" rx="8" fill="${dark}"/>`,
    pot: () =>
      [0, 1, 2]
        .map(
          (
            i,
          ) => `<polygon points="${150 + i * 180},300 ${290 + i * 180},300 ${270 + i * 180},440 ${170 + i * 180},440" fill="${color(r, 55)}"/>
      <ellipse cx="${220 + i * 180}" cy="${260 - i * 10}" rx="${r.int(40, 70)}" ry="${r.int(40, 80)}" fill="hsl(${r.int(90, 140)},50%,35%)"/>`,
        )
        .join(''),
    tent: () =>
      `<polygon points="140,450 400,150 660,450" fill="${c}"/><polygon points="350,450 400,300 450,450" fill="${dark}"/><line x1="400" y1="150" x2="400" y2="110" stroke="${dark}" stroke-width="8"/>`,
    kayak: () => `<ellipse cx="400" cy="380" rx="320" ry="45" fill="${c}"/><ellipse cx="400" cy="370" rx="60" ry="18" fill="${dark}"/>
      <line x1="180" y1="250" x2="620" y2="200" stroke="${dark}" stroke-width="10"/><ellipse cx="180" cy="250" rx="40" ry="18" fill="${color(r)}"/><ellipse cx="620" cy="200" rx="40" ry="18" fill="${color(r)}"/>`,
    guitar:
      () => `<circle cx="330" cy="380" r="90" fill="${c}"/><circle cx="420" cy="330" r="70" fill="${c}"/><circle cx="360" cy="360" r="22" fill="${dark}"/>
      <line x1="420" y1="320" x2="620" y2="140" stroke="${dark}" stroke-width="22"/><rect x="600" y="100" width="50" height="60" rx="8" fill="${dark}"/>`,
  };
  scene.push(shapes[thing]());
  // Drawn on an 800×600 canvas, rendered at 640×480: big enough for a listing, quick to seed.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 ${W} ${H}">${scene.join('')}</svg>`;
}

interface DemoListing {
  /** DEMO_USERS index of the seller. */
  by: number;
  title: string;
  category: string;
  /** Dollars; null for none. */
  price: number | null;
  location: string;
  body: string;
  tags?: string;
  closed?: boolean;
  view?: Privacy;
  pictures: Thing[];
}

const LISTINGS: DemoListing[] = [
  {
    by: 0,
    title: 'Road bike, 54 cm frame',
    category: 'For Sale',
    price: 450,
    location: 'Portland, OR',
    tags: 'bike, cycling',
    pictures: ['bike', 'bike', 'bike'],
    body: 'Aluminium frame, 2x10 gears, new tyres in spring.\nRidden to work for three years, always kept inside.',
  },
  {
    by: 0,
    title: 'Oak dining table',
    category: 'For Sale',
    price: 1250,
    location: 'Portland, OR',
    tags: 'furniture, oak',
    closed: true,
    pictures: ['table'],
    body: '<p>Solid oak, seats six. A few marks on the top that give it <b>character</b>.</p><p>Sold, thank you all!</p>',
  },
  {
    by: 0,
    title: 'Camping tent for four',
    category: 'For Sale',
    price: 90,
    location: 'Seattle, WA',
    tags: 'camping, outdoors',
    pictures: ['tent'],
    body: 'Used on two trips. Stays dry in heavy rain. Comes with footprint and spare pegs.',
  },
  {
    by: 1,
    title: 'Vintage armchair',
    category: 'For Sale',
    price: 180,
    location: 'Lyon',
    tags: 'furniture, vintage',
    pictures: ['chair', 'chair'],
    body: 'Green velvet armchair from the seventies. Re-upholstered last year. Pick-up in Croix-Rousse.',
  },
  {
    by: 1,
    title: 'Room in a shared flat',
    category: 'Housing',
    price: 620,
    location: 'Lyon',
    tags: 'room, flat share',
    pictures: ['house'],
    body: '<p>Bright room in a three-bedroom flat near Part-Dieu. Bills included.</p><ul><li>Available from next month</li><li>Minimum six months</li></ul>',
  },
  {
    by: 2,
    title: 'Guitar lessons for beginners',
    category: 'Services',
    price: 35,
    location: 'Seattle, WA',
    tags: 'music, lessons',
    pictures: ['guitar'],
    body: 'One-hour lessons at my place or yours. First lesson half price. Price is per lesson.',
  },
  {
    by: 2,
    title: 'Honda Civic 2012',
    category: 'Vehicles',
    price: 6800,
    location: 'Seattle, WA',
    tags: 'car, honda',
    pictures: ['car', 'car'],
    body: '98,000 miles, full service history, new brakes. Selling because we are moving abroad.',
  },
  {
    by: 3,
    title: 'Moving boxes',
    category: 'Free',
    price: 0,
    location: 'Austin, TX',
    tags: 'moving, boxes',
    pictures: ['box'],
    body: 'About thirty boxes in good shape. Free to whoever picks them up this weekend.',
  },
  {
    by: 3,
    title: 'Desk lamp',
    category: 'For Sale',
    price: 25,
    location: 'Austin, TX',
    closed: true,
    pictures: ['lamp'],
    body: 'Adjustable desk lamp, warm white LED bulb included.',
  },
  {
    by: 4,
    title: 'Part-time barista wanted',
    category: 'Jobs',
    price: null,
    location: 'Austin, TX',
    tags: 'job, coffee',
    pictures: [],
    body: '<p>Our café on South Congress is looking for a barista for weekend mornings.</p><p>Experience with espresso machines is a plus, a smile is a must.</p>',
  },
  {
    by: 5,
    title: 'Two-bedroom apartment',
    category: 'Housing',
    price: 2100,
    location: 'Seattle, WA',
    tags: 'apartment, rent',
    pictures: ['house'],
    body: 'Two bedrooms, one bathroom, balcony with a view of the Sound. Pets welcome.',
  },
  {
    by: 5,
    title: 'Kayak with paddle',
    category: 'For Sale',
    price: 700,
    location: 'Austin, TX',
    tags: 'kayak, outdoors',
    pictures: ['kayak'],
    body: 'Sit-on-top kayak, very stable, great for the lake. Paddle and life vest included.',
  },
  {
    by: 6,
    title: 'Cargo bike',
    category: 'Vehicles',
    price: 2300,
    location: 'Berlin',
    tags: 'bike, cargo bike',
    pictures: ['bike', 'box'],
    body: 'Two-wheel cargo bike with rain cover and two child seats. Electric assist, battery replaced last year.',
  },
  {
    by: 6,
    title: 'Grey three-seat sofa',
    category: 'For Sale',
    price: 300,
    location: 'Berlin',
    closed: true,
    tags: 'furniture, sofa',
    pictures: ['sofa'],
    body: 'Comfortable, washable covers, from a smoke-free home.',
  },
  {
    by: 7,
    title: 'Bookshelf',
    category: 'Free',
    price: 0,
    location: 'Portland, OR',
    view: 'owner_member',
    pictures: ['table'],
    body: 'Tall white bookshelf, free for friends. Needs a screwdriver to take apart.',
  },
  {
    by: 8,
    title: 'Web developer (remote)',
    category: 'Jobs',
    price: null,
    location: 'Berlin',
    tags: 'job, remote, web',
    pictures: [],
    body: '<p>A small team building tools for libraries is looking for a web developer.</p><p>TypeScript, accessibility, and a love of good documentation.</p>',
  },
  {
    by: 9,
    title: 'Ceramic plant pots',
    category: 'For Sale',
    price: 15,
    location: 'Lyon',
    tags: 'plants, ceramics',
    pictures: ['pot', 'pot'],
    body: 'Hand-made pots in three sizes. Price is per pot; plants not included (unless you ask nicely).',
  },
  {
    by: 9,
    title: 'Dog walking',
    category: 'Services',
    price: 20,
    location: 'Portland, OR',
    tags: 'dogs, pets',
    pictures: [],
    body: 'Weekday walks of an hour around Laurelhurst Park. Price per walk.',
  },
];

/** Demo listings: open and closed, priced across several cities, most with one to three generated photos. */
export async function seedClassifieds({ db, config, r, t0, users, friendsOf, log }: SeedContext): Promise<void> {
  log('seeding classifieds…');
  const categories = new Map(
    (await db.selectFrom('categories').select(['id', 'title']).where('module', '=', 'classified').execute()).map((c) => [c.title, c.id]),
  );
  const plans = LISTINGS.map((l) => ({
    l,
    at: t0 - r.int(1, 45) * DAY - r.int(0, DAY),
    views: r.int(0, 250),
    svgs: l.pictures.map((p) => thingSvg(r, p)),
  }));
  plans.sort((a, b) => a.at - b.at);
  const images = await Promise.all(
    plans.map((p) =>
      Promise.all(p.svgs.map(async (svg) => storeImage(config.dataDir, await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer()))),
    ),
  );
  const visible: Array<{ id: number; owner: number; at: number }> = [];
  for (const [i, { l, at, views }] of plans.entries()) {
    const owner = users[l.by]!;
    const row = await db
      .insertInto('classifieds')
      .values({
        owner_id: owner,
        title: l.title,
        body: cleanRichText(l.body),
        category_id: categories.get(l.category) ?? null,
        price_cents: l.price === null ? null : l.price * 100,
        location: l.location,
        is_closed: l.closed ? 1 : 0,
        auth_view: l.view ?? 'everyone',
        auth_comment: 'everyone',
        main_photo_id: null,
        view_count: views,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const photos = images[i]!;
    if (photos.length) {
      const rows = await db
        .insertInto('classified_photos')
        .values(
          photos.map((img, n) => ({
            classified_id: row.id,
            image_key: img.key,
            width: img.width,
            height: img.height,
            description: n === 0 ? '' : `View ${n + 1}`,
            created_at: at,
          })),
        )
        .returning('id')
        .execute();
      await db
        .updateTable('classifieds')
        .set({ main_photo_id: Math.min(...rows.map((p) => p.id)) })
        .where('id', '=', row.id)
        .execute();
    }
    if (l.tags) await setItemTags(db, 'classified', row.id, l.tags);
    visible.push({ id: row.id, owner, at });
  }
  const indexOf = new Map(users.map((id, i) => [id, i]));
  await seedReactions(db, r, t0, 'classified', visible, (owner) => friendsOf(indexOf.get(owner)!));
}
