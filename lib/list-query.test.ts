import { describe, expect, it } from 'vitest';
import { albumList } from './albums/list-query.ts';
import { blogList } from './blogs/list-query.ts';
import { eventList } from './events/list-query.ts';
import { chipsOf } from './list-query.ts';
import { dashboardListingList, listingList } from './listings/list-query.ts';
import { LIST_PAGES, routes } from './routes.ts';

const searchOf = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);

describe('a list’s words in its URL', () => {
  it('are read leniently: what is understood, without the defaults', () => {
    expect(blogList.parse({ q: ' lyon ', sort: 'views', show: 'friends', category: '3', page: '2' })).toEqual({
      q: 'lyon',
      sort: 'views',
      show: 'friends',
      category: 3,
      page: 2,
    });
    expect(blogList.parse({ q: '   ', sort: 'oldest', show: 'enemies', category: 'x', page: '0' })).toEqual({});
    expect(blogList.parse({ category: '-4', page: '1.5' })).toEqual({});
    expect(blogList.parse({ q: ['first', 'second'], page: '99999' })).toEqual({ q: 'first' });
    expect(blogList.parse({ q: 'x'.repeat(500) }).q).toHaveLength(100);
    expect(
      listingList.parse({ status: 'sold', min: '-3', max: 'cheap', photos: 'yes', sort: 'oldest', page: '0', category: 'x', q: '  ' }),
    ).toEqual({});
    expect(listingList.parse({ min: '', max: '0' })).toEqual({ max: 0 });
    expect(eventList.parse({ month: '2026-13', view: 'grid', lead: 'yes' })).toEqual({});
  });

  it('are the same words on every list: q, category, sort, user, page', () => {
    const shared = { q: 'lake', category: '3', sort: 'views', user: '7', page: '2' };
    expect(albumList.parse(shared)).toEqual({ q: 'lake', category: 3, sort: 'views', user: 7, page: 2 });
    expect(listingList.parse(shared)).toEqual({ q: 'lake', category: 3, sort: 'views', user: 7, page: 2 });
    expect(blogList.parse(shared)).toEqual({ q: 'lake', category: 3, sort: 'views', page: 2 });
    expect(eventList.parse({ ...shared, sort: 'members' })).toEqual({ q: 'lake', category: 3, sort: 'members', page: 2 });
    // status means the same on the public list and in the seller's table; each leaves out its own default.
    expect(listingList.parse({ status: 'open' })).toEqual({});
    expect(dashboardListingList.parse({ status: 'all' })).toEqual({});
    expect(dashboardListingList.parse({ status: 'closed' })).toEqual({ status: 'closed' });
  });

  it('are written in a fixed order, without the defaults, and read back the same', () => {
    expect(routes.blogs({ q: 'fish & chips', sort: 'views', show: 'friends', category: 3, page: 2 })).toBe(
      '/blogs?q=fish+%26+chips&category=3&sort=views&show=friends&page=2',
    );
    expect(routes.blogs({ page: 1 })).toBe('/blogs');
    expect(routes.myBlogs({ q: 'draft' })).toBe('/blogs/my?q=draft');
    expect(routes.albums({ q: 'lake side', sort: 'views', user: 7, category: 3, page: 3 })).toBe(
      '/albums?q=lake+side&category=3&sort=views&user=7&page=3',
    );
    expect(routes.events({ view: 'calendar', month: '2026-12', q: 'jazz', page: 1 })).toBe('/events?q=jazz&view=calendar&month=2026-12');
    expect(routes.myEvents({ lead: true, when: 'past' })).toBe('/events/my?when=past&lead=1');
    expect(routes.dashboardListings({ status: 'open', q: 'bike', page: 2 })).toBe('/dashboard/listings?q=bike&status=open&page=2');
    const query = {
      q: 'road bike',
      category: 2,
      status: 'closed',
      min: 100,
      max: 500.5,
      where: 'Portland, OR',
      photos: true,
      sort: 'views',
      user: 4,
      page: 3,
    } as const;
    const href = routes.listings(query);
    expect(href).toBe(
      '/listings?q=road+bike&category=2&status=closed&min=100&max=500.5&where=Portland%2C+OR&photos=1&sort=views&user=4&page=3',
    );
    expect(listingList.parse(searchOf(href))).toEqual(query);
    expect(routes.listings({ min: 0 })).toBe('/listings?min=0');
  });
});

describe('the old words of a list', () => {
  const renewed = (path: string, search: string) => LIST_PAGES.get(path)!.renewed(new URLSearchParams(search));

  it('become the new ones, every other parameter kept in its place', () => {
    expect(renewed('/albums', 'keywords=lake&sort=popular&category_id=3&user_id=7&page=2')).toBe(
      '?q=lake&sort=views&category=3&user=7&page=2',
    );
    expect(renewed('/albums/my', 'keywords=lake&utm_source=mail&sort=recent')).toBe('?q=lake&utm_source=mail');
    expect(renewed('/albums', 'sort=recent')).toBe('');
    expect(renewed('/listings', 'seller=4&where=lyon')).toBe('?user=4&where=lyon');
  });

  it('give way to the new word beside them, and leave an address in the new words alone', () => {
    expect(renewed('/albums', 'keywords=old&q=new')).toBe('?q=new');
    expect(renewed('/albums', 'q=lake&sort=views&category=3')).toBeUndefined();
    expect(renewed('/blogs', 'q=lyon&sort=views')).toBeUndefined();
    expect(renewed('/listings', 'q=&category=&where=Lyon')).toBeUndefined();
  });
});

describe('the chips of a list', () => {
  it('each link to the same list without its filter, on its first page: keywords and category first, then the list’s own', () => {
    const query = { q: 'bike', min: 10, max: 50, category: 2, page: 3 };
    expect(
      chipsOf(
        query,
        routes.listings,
        [
          ['$10 to $50', 'min', 'max'],
          [undefined, 'where' as never],
        ],
        [{ id: 2, title: 'Bikes' }],
      ),
    ).toEqual([
      { key: 'q', label: '“bike”', href: '/listings?category=2&min=10&max=50' },
      { key: 'category', label: 'Bikes', href: '/listings?q=bike&min=10&max=50' },
      { key: 'min+max', label: '$10 to $50', href: '/listings?q=bike&category=2' },
    ]);
    expect(chipsOf({ category: 9 }, routes.blogs, [])).toEqual([{ key: 'category', label: 'This category', href: '/blogs' }]);
  });
});
