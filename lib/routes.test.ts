import { describe, expect, it } from 'vitest';
import { itemHref, routes } from './routes.ts';

describe('itemHref', () => {
  it('links an activity to its page', () => {
    expect(itemHref({ type: 'activity', id: 3 })).toBe('/activities/3');
    expect(routes.activity(3)).toBe('/activities/3');
  });

  it('gives no link to items whose page this client does not have yet (no link may answer 404)', () => {
    for (const type of ['album', 'photo', 'blog', 'classified', 'event'] as const) expect(itemHref({ type, id: 1 })).toBeUndefined();
  });
});
