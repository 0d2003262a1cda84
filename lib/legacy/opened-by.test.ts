import { describe, expect, it } from 'vitest';
import { framedBySite } from './opened-by.ts';

const WEB = 'http://localhost:3000';
const req = (headers: Record<string, string>) => new Request(`${WEB}/apps/legacy?key=k`, { headers });

describe('framedBySite: where a key may be taken', () => {
  it('takes the site’s frame: an iframe, same-origin or same-site', () => {
    for (const site of ['same-origin', 'same-site']) {
      expect(framedBySite(req({ 'sec-fetch-dest': 'iframe', 'sec-fetch-site': site }), WEB, 'http://localhost:4000')).toBe(true);
    }
  });

  it('refuses a top-level navigation (a link on another site, a bookmark, a typed address) and any other destination', () => {
    for (const [dest, site] of [
      ['document', 'cross-site'],
      ['document', 'same-site'],
      ['document', 'none'],
      ['empty', 'same-origin'],
      ['image', 'same-site'],
    ]) {
      expect(framedBySite(req({ 'sec-fetch-dest': dest!, 'sec-fetch-site': site! }), WEB, 'http://localhost:4000'), `${dest} ${site}`).toBe(
        false,
      );
    }
  });

  it('refuses a frame of another site where the site and the app share a host; takes it where the site is another site', () => {
    const frame = req({ 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'cross-site' });
    expect(framedBySite(frame, WEB, 'http://localhost:4000')).toBe(false);
    expect(framedBySite(frame, 'https://social.example', 'https://site.example')).toBe(true);
  });

  it('lets a browser without Fetch Metadata through (the session binding still holds)', () => {
    expect(framedBySite(req({}), WEB, 'http://localhost:4000')).toBe(true);
  });
});
