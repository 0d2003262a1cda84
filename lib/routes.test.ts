import { describe, expect, it } from 'vitest';
import { itemHref, routes } from './routes.ts';

describe('itemHref', () => {
  it('links an activity to its page', () => {
    expect(itemHref({ type: 'activity', id: 3 })).toBe('/activities/3');
    expect(routes.activity(3)).toBe('/activities/3');
  });

  it("links albums and photos to their pages, an album's later pages of photos in the query", () => {
    expect(itemHref({ type: 'album', id: 4 })).toBe('/albums/4');
    expect(itemHref({ type: 'photo', id: 9 })).toBe('/photos/9');
    expect(routes.album(4, 2)).toBe('/albums/4?photo_page=2');
    expect(routes.album(4, 1)).toBe('/albums/4');
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

  it('links a video to its page, and its file through the BFF', () => {
    expect(itemHref({ type: 'video', id: 8 })).toBe('/videos/8');
    expect(routes.videoFile(8)).toBe('/api/videos/8/file');
    expect(routes.videos({ q: 'cats', sort: 'rating', page: 2 })).toBe('/videos?q=cats&sort=rating&page=2');
  });

  it('links a playlist to its page, and a song’s file through the BFF', () => {
    expect(itemHref({ type: 'music_playlist', id: 9 })).toBe('/music/9');
    expect(routes.songFile(4)).toBe('/api/music/songs/4/file');
    expect(routes.music({ q: 'road', sort: 'popular', page: 2 })).toBe('/music?q=road&sort=popular&page=2');
  });
});
