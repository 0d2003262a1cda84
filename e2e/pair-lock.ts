import fs from 'node:fs';
import path from 'node:path';

// Specs change how the same two demo members stand with each other (Alice and Grace: people.spec
// befriends and unfriends them, messages.spec has one block the other), and others have one write
// to the other (dashboard-listings.spec, groups.spec): each holds the pair's lock while it does, so
// that the two workers never interleave those steps. A directory made with mkdir
// is the lock (atomic on every file system); the run's data directory is fresh, so none is left
// over from an earlier run.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for the lock named `name` and holds it; answers its release. */
export async function lockPair(name: string): Promise<() => void> {
  const dir = path.join(process.env.E2E_DATA_DIR!, `pair-lock-${name}`);
  for (;;) {
    try {
      fs.mkdirSync(dir);
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      await sleep(250);
    }
  }
}
