// npm run seed [-- --scale N]: migrates the database in DATA_DIR, adds the demo data when it
// is not there yet, and with --scale adds N more activities (benchmarks).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { seedDemo } from './demo.ts';
import { seedScale } from './scale.ts';

const { values } = parseArgs({ options: { scale: { type: 'string' } }, allowPositionals: false });
const scale = values.scale === undefined ? 0 : Number(values.scale);
if (!Number.isInteger(scale) || scale < 0) {
  console.error(`--scale must be a whole number of activities, got "${values.scale}"`);
  process.exit(2);
}

const config = loadConfig();
const { db } = await openDatabase(config);
try {
  const log = (m: string) => console.log(`[seed] ${m}`);
  const res = await seedDemo(db, config, log);
  if (!res.created) log(`demo data already present in ${config.dataDir}`);
  if (scale) await seedScale(db, scale, log);
} finally {
  await db.destroy();
}
