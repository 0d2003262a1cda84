import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

// Vitest's global setup: one folder for the run, in which the fixture's first file that wants
// the demo data seeds it once for all (fixture.ts), removed when the run ends.

declare module 'vitest' {
  export interface ProvidedContext {
    seedCacheDir: string;
  }
}

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-seed-'));
  project.provide('seedCacheDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
