import fs from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { missingPageFor } from './missing-pages.ts';

// The server renders a 404 again as the not-found page Next would have shown for the address
// (web-server/not-found-page.ts): each not-found.tsx of app/(site), found on disk, must be the one
// chosen for an address under its folder, so that a new one cannot be left out.

const site = path.resolve(import.meta.dirname, '../..');

function notFoundFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith('@') ? [] : notFoundFiles(p);
    return e.name === 'not-found.tsx' ? [p] : [];
  });
}

describe('the not-found page for an address', () => {
  const files = notFoundFiles(site);

  it.each(files.map((f) => [path.relative(site, path.dirname(f)) || '(the site)', f] as const))(
    'is %s’s not-found.tsx under its folder',
    async (folder, file) => {
      const own = ((await import(file)) as { default: ComponentType }).default;
      // An address under the folder: an id where the folder takes one, and a page below it.
      const address = folder === '(the site)' ? '/no-such-page' : `/${folder.replaceAll('[id]', '7')}`;
      expect(missingPageFor(address)).toBe(own);
      if (folder !== '(the site)') expect(missingPageFor(`${address}/edit`)).toBe(own);
    },
  );

  it('is the site’s for a page beside an item’s (/events/new) and for an id that is not one', async () => {
    const site404 = ((await import('../../not-found.tsx')) as { default: ComponentType }).default;
    expect(files.length).toBeGreaterThan(10);
    for (const address of ['/events/new', '/albums/upload', '/blogs/draft-7', '/', '/listings'])
      expect(missingPageFor(address), address).toBe(site404);
    expect(missingPageFor('/blogs/7')).not.toBe(site404);
  });
});
