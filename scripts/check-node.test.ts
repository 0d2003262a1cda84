import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A newcomer whose Node is too old learns it in one line from npm's "pre" scripts, with the
// README's way to get Node 24, before anything of the project runs.

const script = path.join(import.meta.dirname, 'check-node.cjs');
const { nodeProblem } = createRequire(import.meta.url)(script) as { nodeProblem: (version: string) => string | null };
const scripts = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

describe('the Node version check', () => {
  it('says in one line which Node is needed, which one this is, and how to get it', () => {
    const line = nodeProblem('20.20.2')!;
    expect(line).not.toContain('\n');
    expect(line).toContain('Node.js 24 or newer; this is Node.js 20.20.2');
    expect(line).toContain('npm install --prefix ~/.cache/node24 node@24 && export PATH=~/.cache/node24/node_modules/.bin:$PATH');
    expect(nodeProblem('v23.11.0')).toContain('this is Node.js v23.11.0');
  });

  it('lets Node 24 and newer through', () => {
    expect([nodeProblem('24.0.0'), nodeProblem('24.21.0'), nodeProblem('25.1.0')]).toEqual([null, null, null]);
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect([run.status, run.stderr]).toEqual([0, '']);
  });

  it('runs before install and before the README’s commands, and fails them on an old Node', () => {
    for (const name of ['preinstall', 'prestart', 'predev', 'pretest']) expect(scripts[name]).toBe('node scripts/check-node.cjs');
    // The machine's own Node, when it is older (Debian's here): the real run, exit 1 and the line.
    const system = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => fs.existsSync(p));
    const version = system && spawnSync(system, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    if (!system || !version || Number(version.split('.')[0]) >= 24) return;
    const run = spawnSync(system, [script], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(nodeProblem(version));
  });
});
