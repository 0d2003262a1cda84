// npm start: migrate and seed the database when it is new, build the web app when its build is
// missing or older than its sources, then run the API server and the web app until Ctrl-C.
// npm run dev: the same with `next dev` instead of a production build.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { loadConfig } from '../api-server/src/config.ts';
import { openDatabase } from '../api-server/src/db/index.ts';
import { seedDemo } from '../api-server/src/seed/demo.ts';
import { seedDemoMedia } from '../api-server/src/seed/media.ts';
import { buildWeb } from './build-web.ts';
import { NEXT_BIN, webServerArgs } from '../web-server/next-start.ts';

const root = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const config = loadConfig();
const webPort = process.env.PORT || '3000';

const { db } = await openDatabase(config);
await seedDemo(db, config, (m) => console.log(`[seed] ${m}`));
await seedDemoMedia(db, config, (m) => console.log(`[seed] ${m}`));
await db.destroy();

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

if (!dev) {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  // shared/ is the web app's source too (#shared imports).
  const sources = [
    'app',
    'components',
    'lib',
    'shared',
    'public',
    'next.config.js',
    'package.json',
    'proxy.ts',
    'scripts/build-web.ts',
  ].map((p) => newestMtime(path.join(root, p)));
  if (Math.max(...sources) > built) {
    console.log('[start] building the web app (next build)…');
    try {
      buildWeb(root, process.env);
    } catch (error) {
      console.error(`[start] ${(error as Error).message}`);
      process.exit(1);
    }
  }
}

const children: ChildProcess[] = [];
let stopping = false;

/** Each line a child writes, behind its name: `api │ …`, `web │ …`. */
function prefixLines(from: Readable, name: string, to: Writable) {
  readline.createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${name} │ ${line}\n`));
}

function run(name: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  prefixLines(child.stdout!, name, process.stdout);
  prefixLines(child.stderr!, name, process.stderr);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[start] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    void stop(code ?? 1);
  });
  children.push(child);
  return child;
}

/** Resolves once `url` answers at all (any status), or after `seconds`. */
async function answering(url: string, seconds: number): Promise<boolean> {
  for (const end = Date.now() + seconds * 1000; Date.now() < end && !stopping;) {
    try {
      await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5000), redirect: 'manual' });
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return false;
}

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const timer = setTimeout(() => c.kill('SIGKILL'), 8000);
          c.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          c.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

// The API's console: one readable line per event, request lines only at LOG_LEVEL=debug
// (api-server/src/logging.ts). LOG_FORMAT=json keeps pino's JSON lines.
run('api', [path.join(root, 'api-server', 'src', 'server.ts')], { LOG_FORMAT: process.env.LOG_FORMAT || 'short' });
run('web', dev ? [NEXT_BIN, 'dev', '--port', webPort] : webServerArgs(webPort));

// The addresses come last, once both answer, so that they are what the console shows.
const local = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);
const [apiUp, webUp] = await Promise.all([
  answering(`http://${local(config.host)}:${config.port}/.well-known/oauth-authorization-server`, 60),
  answering(`http://127.0.0.1:${webPort}/icon.svg`, dev ? 180 : 60),
]);
if (!stopping) {
  console.log(`
  Social is ${apiUp && webUp ? 'running' : 'starting (still waiting for an answer)'}:
    web  http://localhost:${webPort}
    api  ${config.publicUrl}/api/v1   (OAuth metadata: ${config.publicUrl}/.well-known/oauth-authorization-server)
  Sign in as demo@example.com / demo-password. Ctrl-C stops both.
  Warnings and errors show below; LOG_LEVEL=debug adds a line per API request.
`);
}
