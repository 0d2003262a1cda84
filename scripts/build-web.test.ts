import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from './build-web.ts';

const root = path.join(import.meta.dirname, '..');
let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function write(files: Record<string, string>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hints-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const read = (name: string) => fs.readFileSync(path.join(dir!, name), 'utf8');

describe('the browser chunks’ compile hints', () => {
  it('go first in every script, nested folders too, and leave the rest of each file as it was', () => {
    const at = write({
      'a.js': '(()=>{"use strict"})();',
      'app/b.js': 'x();\n//# sourceMappingURL=b.js.map',
      'c.css': 'p{}',
      'b.js.map': '{}',
    });
    expect(addCompileHints(at)).toBe(2);
    expect(read('a.js')).toBe(`${COMPILE_HINT}(()=>{"use strict"})();`);
    expect(read('app/b.js')).toBe(`${COMPILE_HINT}x();\n//# sourceMappingURL=b.js.map`);
    expect(read('c.css')).toBe('p{}');
    expect(read('b.js.map')).toBe('{}');
  });

  it('are added once however often the step runs', () => {
    const at = write({ 'a.js': 'f();' });
    addCompileHints(at);
    expect(addCompileHints(at)).toBe(0);
    expect(read('a.js')).toBe(`${COMPILE_HINT}f();`);
  });

  it('npm run build is this build', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).toBe('node scripts/build-web.ts');
  });
});
