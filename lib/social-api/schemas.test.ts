import { describe, expect, it } from 'vitest';
import { reshapeActivity } from './activities.ts';
import { parseApiDate, reshapeComment } from './core.ts';
import { activitySchema, commentSchema, feedPageSchema, ownerSchema } from './schemas.ts';
import { reshapePerson } from './users.ts';

// What another server that follows the spec may send: fewer fields, more fields, numbers as
// strings, flags as 0/1. The web client takes all of it and shows what it can.

describe('the API schemas parse tolerantly', () => {
  it('keeps unknown fields and gives defaults to missing ones', () => {
    const a = activitySchema.parse({ id: 7, extra_field: 'kept' });
    expect(a).toMatchObject({
      id: 7,
      content: '',
      attachments: [],
      timestamp: 0,
      is_liked: false,
      can_like: false,
      total_like: 0,
      user_liked: [],
      can_comment: false,
      total_comment: 0,
      comments: [],
      can_delete: false,
      can_share: false,
      extra_field: 'kept',
    });
  });

  it('accepts numbers as strings and flags as 1/0 or "1"/"0"', () => {
    const a = activitySchema.parse({
      id: '12',
      timestamp: '1700000000',
      total_like: '3',
      is_liked: 1,
      can_like: '1',
      can_delete: 0,
      can_share: '0',
    });
    expect(a).toMatchObject({
      id: 12,
      timestamp: 1_700_000_000,
      total_like: 3,
      is_liked: true,
      can_like: true,
      can_delete: false,
      can_share: false,
    });
  });

  it('drops an entry of a list that does not parse and keeps the others', () => {
    const page = feedPageSchema.parse({
      count: 2,
      next_id: 5,
      first_id: 9,
      end_of_feed: false,
      items: [{ id: 9 }, { owner: 'no id' }, 'junk', { id: 5 }],
    });
    expect(page.items.map((a) => a.id)).toEqual([9, 5]);
  });

  it('gives an owner without pictures empty picture addresses', () => {
    expect(ownerSchema.parse({ id: 3, title: 'Ann' })).toMatchObject({
      id: 3,
      type: 'user',
      title: 'Ann',
      imgs: { icon: '', normal: '', profile: '', original: '' },
    });
  });

  it('rejects an activity without an id', () => {
    expect(activitySchema.safeParse({ content: 'x' }).success).toBe(false);
  });
});

describe('reshaping to the app’s types', () => {
  const owner = {
    id: 2,
    type: 'user',
    title: 'Alice Martin',
    imgs: { icon: 'https://api.test/a/50.png', normal: '', profile: 'https://api.test/a/240.png', original: '' },
  };

  it('turns an activity into what the page shows, with sanitized content and times in ms', () => {
    const a = reshapeActivity(
      activitySchema.parse({
        id: 1,
        owner,
        timestamp: 1_700_000_000,
        content: 'Hi <img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>',
        is_liked: true,
        total_like: 2,
        user_liked: [owner],
        can_like: true,
        can_comment: true,
        can_delete: false,
        can_share: true,
      }),
    );
    expect(a.createdAt).toBe(1_700_000_000_000);
    expect(a.owner).toEqual({ id: 2, name: 'Alice Martin', image: 'https://api.test/a/50.png' });
    expect(a.html).not.toMatch(/onerror|javascript:|<img/);
    expect(a.social.likers).toEqual([{ id: 2, name: 'Alice Martin' }]);
    expect(a.social).toMatchObject({ item: { type: 'activity', id: 1 }, liked: true, likeCount: 2 });
    expect(a.social.can).toEqual({ like: true, comment: true, share: true, report: true });
    expect(a.canDelete).toBe(false);
  });

  it('makes cards of attachments: photos, links, shared items with this site’s paths, and leaves out unsafe ones', () => {
    const a = reshapeActivity(
      activitySchema.parse({
        id: 1,
        attachments: [
          { id: 4, type: 'photo', title: '', description: '', img: 'https://api.test/p/500.jpg', href: 'https://elsewhere.test/photos/4' },
          { id: 0, type: 'link', title: 'A site', description: 'About it', img: 'https://site.test/t.png', href: 'https://site.test/' },
          { id: 0, type: 'link', title: 'Bad', img: '', href: 'javascript:alert(1)' },
          { id: 9, type: 'classified', title: 'Bike', description: 'Red', img: '', href: 'https://evil.test/listings/9' },
          { id: 3, type: 'blog', title: 'Notes', description: '', img: 'javascript:x', href: '' },
        ],
      }),
    );
    expect(a.attachments).toEqual([
      { kind: 'photo', id: 4, src: 'https://api.test/p/500.jpg', alt: 'Photo', description: '' },
      // Another site's picture: through the BFF's image route (lib/images/image-src.ts), signed.
      {
        kind: 'link',
        url: 'https://site.test/',
        title: 'A site',
        description: 'About it',
        thumbnail: expect.stringMatching(/^\/api\/image\?url=https%3A%2F%2Fsite\.test%2Ft\.png&sig=[\w-]{32}$/),
      },
      // The API's href (another site's page) is dropped: the card links to this client's page (lib/routes).
      { kind: 'item', item: { type: 'classified', id: 9 }, title: 'Bike', description: 'Red', image: '' },
      { kind: 'item', item: { type: 'blog', id: 3 }, title: 'Notes', description: '', image: '' },
    ]);
  });

  it('names a member without a name and keeps picture addresses to http(s)', () => {
    expect(reshapePerson(ownerSchema.parse({ id: 5, title: ' ', imgs: { icon: 'javascript:alert(1)' } }))).toEqual({
      id: 5,
      name: 'Member 5',
      image: '',
      picture: '',
    });
  });

  it('reads the spec’s comment date as UTC', () => {
    expect(parseApiDate('2024-03-05 14:07:09')).toBe(Date.UTC(2024, 2, 5, 14, 7, 9));
    expect(parseApiDate('yesterday')).toBe(0);
    const c = reshapeComment(commentSchema.parse({ id: 1, owner, body: '<b>plain</b>', date: '2024-03-05 14:07:09', can_delete: 1 }));
    expect(c).toMatchObject({ id: 1, text: '<b>plain</b>', canDelete: true, liked: false, likeCount: 0 });
  });
});
