import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_SERVER, WEB_SERVER_NODE_ARGS } from './next-start.ts';

const root = path.join(import.meta.dirname, '..');

describe('the web server node options', () => {
  it('npm run start:web (written out in package.json) runs the same server with the same options', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['start:web']).toBe(`node ${WEB_SERVER_NODE_ARGS.join(' ')} ${path.relative(root, WEB_SERVER)}`);
  });

  it('are options this node accepts', () => {
    expect(execFileSync(process.execPath, [...WEB_SERVER_NODE_ARGS, '-e', 'process.stdout.write("ok")']).toString()).toBe('ok');
  });
});
