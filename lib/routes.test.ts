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

  it('links an event to its page', () => {
    expect(itemHref({ type: 'event', id: 7 })).toBe('/events/7');
  });

  it('gives no link to items whose page this client does not have yet (no link may answer 404)', () => {
    for (const type of ['classified'] as const) expect(itemHref({ type, id: 1 })).toBeUndefined();
  });
});

describe('the event lists\' addresses', () => {
  it('carry the filters in a fixed order, and nothing for the defaults', () => {
    expect(routes.events()).toBe('/events');
    expect(routes.events({ view: 'calendar', month: '2026-12', q: 'jazz', page: 1 })).toBe('/events?q=jazz&view=calendar&month=2026-12');
    expect(routes.myEvents({ lead: true, when: 'past' })).toBe('/events/my?when=past&lead=1');
  });
});

describe('the blog lists\' addresses', () => {
  it('carry the filters in a fixed order, and nothing for the defaults', () => {
    expect(routes.blogs()).toBe('/blogs');
    expect(routes.blogs({ page: 1 })).toBe('/blogs');
    expect(routes.blogs({ q: 'fish & chips', sort: 'views', show: 'friends', category: 3, page: 2 })).toBe('/blogs?q=fish+%26+chips&category=3&sort=views&show=friends&page=2');
    expect(routes.myBlogs({ q: 'draft' })).toBe('/blogs/my?q=draft');
  });
});
