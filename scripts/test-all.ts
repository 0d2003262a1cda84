// npm test: every check, in the order that fails fastest, with what can share the machine run
// side by side, and each step's time printed (docs/testing.md, "What npm test runs").
//
// 1. The lint gate's three parts (ESLint, Prettier, knip) and the type check, side by side (each is
//    one busy core), and beside them the web app's build for the end-to-end tests (into
//    E2E_DIST_DIR). The three parts of `npm run lint` run apart here, not one after the other: one
//    after the other, ESLint and Prettier ran on one core for the last 30 s of the gate, the other
//    idle, once the type check and the build were done (2026-12-05: the gate 160 s).
// 2. The API's tests on SQLite and on PostgreSQL and the web client's: one Vitest run of the three
//    projects (vitest.config.ts), whose workers wait on sockets and disks a third of the time.
// 3. The end-to-end tests, on that build. Not beside Vitest: the two together kept both cores
//    past full (load 9–10) and ran no faster than one after the other, and a journey that hands
//    the browser 10 MiB ran past its 10 s (2026-12-02).
// 4. The cluster test, on that same build: one `next build` for the whole run.
//
// A step that fails stops the run (its output is printed whole), as `a && b` would; written here
// rather than with npm-run-all or concurrently so that the steps' times and the build both steps
// share are in one place.
import { spawn } from 'node:child_process';
import { DIST_DIR } from '../e2e/servers.ts';

interface Step {
  name: string;
  args: string[];
  env?: Record<string, string>;
}

const npmRun = (script: string, env?: Record<string, string>): Step => ({ name: script, args: ['run', '--silent', script], env });
const started = Date.now();
const seconds = (from: number) => `${Math.round((Date.now() - from) / 1000)}s`;
const say = (line: string) => console.log(`\n==> [npm test ${seconds(started)}] ${line}`);

/** Runs a step; with `quiet` its output is held and printed when it ends (side-by-side steps). */
function run(step: Step, quiet = false): Promise<boolean> {
  const from = Date.now();
  const child = spawn('npm', step.args, {
    env: { ...process.env, ...step.env },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  const held: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => held.push(b));
  child.stderr?.on('data', (b: Buffer) => held.push(b));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (quiet && held.length) process.stdout.write(Buffer.concat(held));
      const ok = code === 0;
      say(`${step.name} ${ok ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`} in ${seconds(from)}`);
      resolve(ok);
    });
  });
}

async function main(): Promise<boolean> {
  say(`lint (ESLint, Prettier, knip) and typecheck, and the web app's build into ${DIST_DIR}, side by side`);
  const build: Step = {
    name: `build into ${DIST_DIR}`,
    args: ['exec', '--', 'node', 'scripts/build-web.ts'],
    env: { NEXT_DIST_DIR: DIST_DIR },
  };
  const gate = await Promise.all([
    run(npmRun('lint:eslint'), true),
    run(npmRun('lint:format'), true),
    run(npmRun('lint:knip'), true),
    run(npmRun('typecheck'), true),
    run(build, true),
  ]);
  if (gate.includes(false)) return false;
  say('unit and API tests, SQLite, PostgreSQL and the web client in one run');
  if (!(await run({ name: 'vitest (sqlite + postgres + web)', args: ['exec', '--', 'vitest', 'run'] }))) return false;
  say('end-to-end tests, on that build');
  if (!(await run(npmRun('test:e2e', { E2E_REUSE_BUILD: '1' })))) return false;
  say('cluster test, on the end-to-end build');
  return run(npmRun('test:cluster', { CLUSTER_DIST_DIR: DIST_DIR, CLUSTER_REUSE_BUILD: '1' }));
}

const ok = await main();
say(ok ? 'every step passed' : 'stopped at the first failure');
process.exit(ok ? 0 : 1);
