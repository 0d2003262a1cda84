// The web app's production build: `next build`, then a compile hint on every browser chunk.
// Every build of the web app goes through here: `npm run build`, `npm start`, the end-to-end
// tests, `npm run test:cluster` and `npm run bench` (whose bare page is built by plain `next
// build`: it stands for what Next gives by default).
//
// Why: V8 compiles a script's functions lazily, on the main thread, the first time each is
// called, and a page's start calls most of its chunks' functions (React, Next's router, the
// page's components). In Chromium's profiler that compiling was the largest single item of a
// page's main-thread work while it hydrates: 175–500 ms a load at the bench's 4× slowdown.
// The comment `//# allFunctionsCalledOnLoad` at the top of a script (Chromium 136 and later;
// other browsers ignore it: https://github.com/WICG/explicit-javascript-compile-hints-file-based)
// asks for all of its functions to be compiled while the script streams in, on a background
// thread. Neither Next nor Turbopack can add it (no banner option for browser chunks), so it is
// added here, after the build, to the files Turbopack wrote; their names stay as built (the
// content hash names the build, and the hint is the same for every build).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NEXT_BIN } from '../web-server/next-start.ts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Puts the hint at the top of every `.js` file under `dir` that has none yet; returns how many it changed. */
export function addCompileHints(dir: string): number {
  let changed = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const code = fs.readFileSync(file, 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    fs.writeFileSync(file, COMPILE_HINT + code);
    changed++;
  }
  return changed;
}

/** `next build` into NEXT_DIST_DIR (default .next) in `cwd`, then the hints on its browser chunks. */
export function buildWeb(cwd: string, env: NodeJS.ProcessEnv, stdio: 'inherit' | 'pipe-errors' = 'inherit'): void {
  const res = spawnSync(process.execPath, [NEXT_BIN, 'build'], {
    cwd,
    env,
    stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'ignore', 'inherit'],
  });
  if (res.status !== 0) throw new Error(`next build failed (${res.signal ?? `exit code ${res.status}`})`);
  addCompileHints(path.join(cwd, env.NEXT_DIST_DIR || '.next', 'static', 'chunks'));
}

if (import.meta.main) {
  try {
    buildWeb(process.cwd(), process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
