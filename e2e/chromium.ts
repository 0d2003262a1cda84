import fs from 'node:fs';
import path from 'node:path';

// The Chromium the browser tests and the bench's browser pass drive: the machine has no
// internet, so Playwright's own download is not there; Debian's package is.

/** Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium or chromium on PATH); undefined: Playwright's own. */
export function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const dirs = ['/usr/bin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  for (const dir of dirs) {
    for (const name of ['chromium', 'chromium-browser']) {
      const file = path.join(dir, name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}
