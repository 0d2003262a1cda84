// npm run seed [-- --media] [-- --scale F [--seed N]]: migrates the database in DATA_DIR (or
// DATABASE_URL), adds the demo data when it is not there yet (with --media its videos and songs,
// made and converted by ffmpeg: seed/media.ts, as `npm start` does), and with --scale grows it into a whole site of
// members, friendships, posts, likes, comments, photos, listings, events, groups and messages:
// F = 1 is the million-row site of issue 50 (seed/world.ts), 0.01 a hundredth of it. The same
// --seed (default 1) gives the same site. --activities N adds N plain posts instead (the old
// --scale N, which `npm run bench:api` uses).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { seedDemo } from './demo.ts';
import { seedDemoMedia } from './media.ts';
import { seedScale } from './scale.ts';
import { seedWorld, WORLD_PASSWORD } from './world.ts';

const { values } = parseArgs({
  options: { scale: { type: 'string' }, seed: { type: 'string' }, activities: { type: 'string' }, media: { type: 'boolean' } },
  allowPositionals: false,
});
const fail = (message: string) => {
  console.error(message);
  process.exit(2);
};
const factor = values.scale === undefined ? 0 : Number(values.scale);
if (!(factor >= 0 && factor <= 10)) fail(`--scale is a factor from 0 to 10 (1: a million activities), got "${values.scale}"`);
const seed = values.seed === undefined ? 1 : Number(values.seed);
if (!Number.isInteger(seed) || seed < 0) fail(`--seed is a whole number, got "${values.seed}"`);
const activities = values.activities === undefined ? 0 : Number(values.activities);
if (!Number.isInteger(activities) || activities < 0) fail(`--activities is a whole number, got "${values.activities}"`);

const config = loadConfig();
const { db } = await openDatabase(config);
try {
  const log = (m: string) => console.log(`[seed] ${m}`);
  const res = await seedDemo(db, config, log);
  if (!res.created) log(`demo data already present in ${config.dataDir}`);
  if (values.media) await seedDemoMedia(db, config, log);
  if (activities) await seedScale(db, activities, log);
  if (factor) {
    const started = performance.now();
    log(`growing the site at scale ${factor} (seed ${seed}) …`);
    const world = await seedWorld(db, config, { factor, seed, log });
    log(
      `done in ${Math.round((performance.now() - started) / 1000)} s. Members sign in as member<id>@scale.example / ${WORLD_PASSWORD};` +
        ` a typical one: ${world.typicalMember}, one with the most friends: ${world.popularMember}`,
    );
  }
} finally {
  await db.destroy();
}
