import fs from 'node:fs';
import path from 'node:path';

// The Chromium the browser tests, the cluster test and the bench's browser pass drive: the
// machine has no internet, so Playwright's own download is not there; Debian's packages are.
//
// The tests prefer Debian's `chromium-headless-shell` (the old headless mode, as a browser of
// its own), which is what Playwright itself runs for headless tests: no browser UI, no GPU
// process drawing frames nobody sees. Measured on this machine over two specs (10 journeys,
// 2026-12-02): Chromium's CPU time went from 159 s to 61 s and the journeys from 3.1 to 2.1
// minutes — on two cores the browser was three quarters of the end-to-end suite's CPU. The
// bench's browser pass keeps the full browser: it measures what a person's Chromium does.

const SHELLS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Debian's Chromium: CHROMIUM_PATH when set, else for `tests` its headless shell when installed,
 * else /usr/bin/chromium or chromium on PATH; undefined: Playwright's own.
 */
export function findChromium(use: 'tests' | 'browser' = 'browser'): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (use === 'tests') {
    const shell = SHELLS.find(executable);
    if (shell) return shell;
  }
  const dirs = ['/usr/bin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  for (const dir of dirs) {
    for (const name of ['chromium', 'chromium-browser']) {
      const file = path.join(dir, name);
      if (executable(file)) return file;
    }
  }
  return undefined;
}
