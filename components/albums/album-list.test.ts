import { describe, expect, it } from 'vitest';
import { routes } from '@/lib/routes';
import { albumFilters, filterQuery } from './album-list';

describe('album filters in the URL', () => {
  it('reads keywords, sort, category, member and page, leaving out what it cannot read', () => {
    expect(albumFilters({ keywords: '  lake ', sort: 'popular', category_id: '3', user_id: '7', page: '2' })).toEqual({
      keywords: 'lake',
      sort: 'popular',
      categoryId: 3,
      userId: 7,
      page: 2,
    });
    expect(albumFilters({ sort: 'oldest', category_id: '-1', user_id: '1e3', page: '0', keywords: ['a', 'b'] })).toEqual({
      keywords: '',
      sort: 'recent',
      categoryId: undefined,
      userId: undefined,
      page: 1,
    });
    expect(albumFilters({ keywords: 'x'.repeat(300) }).keywords).toHaveLength(200);
  });

  it('writes them back as a link that reads the same (defaults left out), for any page', () => {
    const f = albumFilters({ keywords: 'lake side', sort: 'popular', category_id: '3', user_id: '7', page: '2' });
    const next = routes.albums(filterQuery(f, 3));
    expect(next).toBe('/albums?keywords=lake+side&sort=popular&category_id=3&user_id=7&page=3');
    expect(albumFilters(Object.fromEntries(new URL(next, 'http://x').searchParams))).toEqual({ ...f, page: 3 });
    expect(routes.albums(filterQuery(albumFilters({}), 1))).toBe('/albums');
  });
});
