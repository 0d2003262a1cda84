import type { Config } from '../config.ts';
import type { DB } from '../db/types.ts';
import type { Rng } from './random.ts';

/** What each module's demo data builds on: the demo users (ids by DEMO_USERS index) and friends. */
export interface SeedContext {
  db: DB;
  config: Config;
  /** The seed's PRNG: draw from it in a fixed order so the data is the same on every machine. */
  r: Rng;
  /** The moment of seeding (unix seconds); demo times are relative to it. */
  t0: number;
  /** Ids of the demo users, in the order of DEMO_USERS (0 is Demo User). */
  users: number[];
  /** Ids of the friends of the demo user at that index. */
  friendsOf(index: number): number[];
  log(msg: string): void;
}

export type ModuleSeed = (ctx: SeedContext) => Promise<void>;
