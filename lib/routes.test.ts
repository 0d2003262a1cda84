import { parseListingListQuery } from './listings/list-query.ts';
import { describe, expect, it } from 'vitest';
import { itemHref, routes } from './routes.ts';

describe('itemHref', () => {
  it('links an activity to its page', () => {
    expect(itemHref({ type: 'activity', id: 3 })).toBe('/activities/3');
    expect(routes.activity(3)).toBe('/activities/3');
  });

  it('links albums and photos to their pages, with the list filters in the query', () => {
    expect(itemHref({ type: 'album', id: 4 })).toBe('/albums/4');
    expect(itemHref({ type: 'photo', id: 9 })).toBe('/photos/9');
    expect(routes.album(4, 2)).toBe('/albums/4?photo_page=2');
    expect(routes.album(4, 1)).toBe('/albums/4');
    expect(routes.albums({ keywords: 'lake side', sort: 'popular', page: undefined })).toBe('/albums?keywords=lake+side&sort=popular');
  });

  it('links a blog post to its page', () => {
    expect(itemHref({ type: 'blog', id: 5 })).toBe('/blogs/5');
  });

  it('links a listing to its page', () => {
    expect(itemHref({ type: 'classified', id: 9 })).toBe('/listings/9');
  });

  it('links an event to its page', () => {
    expect(itemHref({ type: 'event', id: 7 })).toBe('/events/7');
  });
});

describe("the event lists' addresses", () => {
  it('carry the filters in a fixed order, and nothing for the defaults', () => {
    expect(routes.events()).toBe('/events');
    expect(routes.events({ view: 'calendar', month: '2026-12', q: 'jazz', page: 1 })).toBe('/events?q=jazz&view=calendar&month=2026-12');
    expect(routes.myEvents({ lead: true, when: 'past' })).toBe('/events/my?when=past&lead=1');
  });
});

describe("the blog lists' addresses", () => {
  it('carry the filters in a fixed order, and nothing for the defaults', () => {
    expect(routes.blogs()).toBe('/blogs');
    expect(routes.blogs({ page: 1 })).toBe('/blogs');
    expect(routes.blogs({ q: 'fish & chips', sort: 'views', show: 'friends', category: 3, page: 2 })).toBe(
      '/blogs?q=fish+%26+chips&category=3&sort=views&show=friends&page=2',
    );
    expect(routes.myBlogs({ q: 'draft' })).toBe('/blogs/my?q=draft');
  });
});

describe("the listings' addresses", () => {
  it('carry every filter in a fixed order, nothing for the defaults, and read back the same', () => {
    expect(routes.listings()).toBe('/listings');
    const query = {
      q: 'road bike',
      category: 2,
      status: 'closed',
      min: 100,
      max: 500.5,
      where: 'Portland, OR',
      photos: true,
      sort: 'views',
      page: 3,
    } as const;
    const href = routes.listings(query);
    expect(href).toBe('/listings?q=road+bike&category=2&status=closed&min=100&max=500.5&where=Portland%2C+OR&photos=1&sort=views&page=3');
    expect(parseListingListQuery(Object.fromEntries(new URL(href, 'http://x').searchParams))).toEqual(query);
  });

  it('leave out what is not understood', () => {
    expect(
      parseListingListQuery({ status: 'sold', min: '-3', max: 'cheap', photos: 'yes', sort: 'oldest', page: '0', category: 'x', q: '  ' }),
    ).toEqual({});
    expect(parseListingListQuery({ min: '', max: '0' })).toEqual({ max: 0 });
  });
});
