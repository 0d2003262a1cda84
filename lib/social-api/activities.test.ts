import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiFailure as failure } from '../testing/api-failure.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import {
  createActivity,
  deleteActivity,
  FEED_PAGE_SIZE,
  getActivity,
  getUpdates,
  listActivities,
  listNewerActivityIds,
  shareItem,
} from './activities.ts';
import { uploadComposePhoto } from './albums.ts';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { toComposeFieldErrors } from '../validations/activity.ts';
import { addComment, deleteComment, likeItem, listComments, listLikers, unlikeItem } from './core.ts';
import { getMe, getUser } from './users.ts';

// The web client's activity functions against the real api-server over loopback HTTP, on a
// fresh copy of the demo data.

const api = setupRealApi();
const { demo, alice } = membersOf(api, ['demo', 'alice']);

/** A multipart body with a Filedata part, as a browser sends it, as a stream. */
async function multipart(file: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('type', 'wall');
  form.append('Filedata', new Blob([new Uint8Array(file)], { type }), name);
  const req = new Request('http://upload.test/', { method: 'POST', body: form });
  const bytes = new Uint8Array(await req.arrayBuffer());
  return {
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        // In chunks, as a network stream arrives.
        for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.slice(i, i + 4096));
        controller.close();
      },
    }),
    contentType: req.headers.get('content-type')!,
    contentLength: String(bytes.length),
  };
}

describe('listActivities (GET /activities)', () => {
  it('gives the first 15 items newest first, reshaped for the page', async () => {
    const page = (await listActivities(demo.token))!;
    expect(page.items).toHaveLength(FEED_PAGE_SIZE);
    const ids = page.items.map((a) => a.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(page.firstId).toBe(ids[0]);
    expect(page.nextId).toBe(ids.at(-1));
    expect(page.endOfFeed).toBe(false);
    for (const a of page.items) {
      expect(a.owner.name).not.toBe('');
      expect(a.owner.image).toMatch(/^https?:\/\//);
      expect(a.createdAt).toBeGreaterThan(Date.UTC(2020, 0, 1));
      expect(a.createdAt).toBeLessThanOrEqual(Date.now());
      expect(typeof a.social.can.like).toBe('boolean');
      expect(a.social.comments.length).toBeLessThanOrEqual(3);
      expect(a.social.commentCount).toBeGreaterThanOrEqual(a.social.comments.length);
    }
  });

  it('pages to the end with maxid, without repeating or skipping an item', async () => {
    const seen: number[] = [];
    let page = (await listActivities(demo.token))!;
    seen.push(...page.items.map((a) => a.id));
    let rounds = 0;
    while (!page.endOfFeed && rounds < 50) {
      page = (await listActivities(demo.token, { maxid: page.nextId }))!;
      seen.push(...page.items.map((a) => a.id));
      rounds += 1;
    }
    expect(page.endOfFeed).toBe(true);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(seen.length).toBeGreaterThan(FEED_PAGE_SIZE);
  });

  it('shows a wall: what the member posted or what was posted on it, and undefined for an unknown member', async () => {
    const wall = (await listActivities(demo.token, { subject: { type: 'user', id: alice.id } }))!;
    expect(wall.items.length).toBeGreaterThan(0);
    expect(wall.items.some((a) => a.owner.id === alice.id)).toBe(true);
    await expect(listActivities(demo.token, { subject: { type: 'user', id: 999_999 } })).resolves.toBeUndefined();
  });

  it('names the group a post was written in (its subject), not a member of that id', async () => {
    const group = (await apiFetch(apiConfig(), '/groups', { token: alice.token, form: { title: 'Hiking club' } })) as { id: number };
    const posted = (await apiFetch(apiConfig(), '/activities', {
      token: alice.token,
      form: { body: 'First walk on Sunday', subject_type: 'group', subject_id: group.id },
    })) as { id: number };
    const page = (await listActivities(alice.token))!;
    const post = page.items.find((a) => a.id === posted.id)!;
    expect(post.group).toEqual({ id: group.id, name: 'Hiking club' });
    expect(post.wall).toBeUndefined();
  });

  it('finds what others posted since first_id, and only that', async () => {
    const page = (await listActivities(demo.token))!;
    await expect(listNewerActivityIds(demo.token, page.firstId)).resolves.toEqual([]);
    const posted = await createActivity(alice.token, { body: 'Hello from Alice, for the poll' });
    await expect(listNewerActivityIds(demo.token, page.firstId)).resolves.toEqual([posted.id]);
    const newer = (await listActivities(demo.token, { minid: page.firstId }))!;
    expect(newer.items.map((a) => a.id)).toEqual([posted.id]);
    expect(newer.firstId).toBe(posted.id);
  });
});

describe('createActivity, getActivity, deleteActivity', () => {
  it('publishes text, escaped and linked by the API and sanitized here', async () => {
    const { id, message } = await createActivity(demo.token, { body: 'Look <script>alert(1)</script> at https://example.com/x' });
    expect(message).not.toBe('');
    const a = (await getActivity(demo.token, id))!;
    expect(a.owner.id).toBe(demo.id);
    expect(a.html).not.toContain('<script');
    expect(a.html).toContain('&lt;script&gt;');
    expect(a.html).toMatch(/<a href="https:\/\/example.com\/x" rel="nofollow noopener noreferrer" target="_blank">/);
    expect(a.social.can).toEqual({ like: true, comment: true, share: true, report: true });
    expect(a.canDelete).toBe(true);
  });

  it('publishes a link with its title and description as a link card', async () => {
    const { id } = await createActivity(demo.token, {
      body: '',
      link: { url: 'https://example.org/article', title: 'An article', description: 'Worth reading' },
    });
    const a = (await getActivity(demo.token, id))!;
    expect(a.attachments).toEqual([
      { kind: 'link', url: 'https://example.org/article', title: 'An article', description: 'Worth reading', thumbnail: '' },
    ]);
  });

  it('shows a link’s thumbnail (a picture of another site) through the BFF’s image route', async () => {
    const { id } = await createActivity(demo.token, {
      body: '',
      link: { url: 'https://example.org/lake', title: 'A lake', description: '', thumbnail: 'https://img.example.org/lake.png' },
    });
    const a = (await getActivity(demo.token, id))!;
    const link = a.attachments[0];
    expect(link?.kind).toBe('link');
    const thumb = new URL(link?.kind === 'link' ? link.thumbnail : '', 'http://web.test');
    expect(thumb.pathname).toBe('/api/image');
    expect(thumb.searchParams.get('url')).toBe('https://img.example.org/lake.png');
    expect(thumb.searchParams.get('sig')).toMatch(/^[\w-]{32}$/);
  });

  it('answers the API’s field errors under the compose form’s names', async () => {
    const e = await failure(createActivity(demo.token, { body: 'x', link: { url: 'ftp://example.org/file' } }));
    expect(e.status).toBe(400);
    expect(toComposeFieldErrors(e.fieldErrors)).toEqual({ linkUrl: expect.stringMatching(/http/) });
  });

  it('deletes the viewer’s own post; afterwards it is not found', async () => {
    const { id } = await createActivity(demo.token, { body: 'Soon gone' });
    await expect(deleteActivity(demo.token, id)).resolves.not.toBe('');
    await expect(getActivity(demo.token, id)).resolves.toBeUndefined();
  });

  it('refuses to delete someone else’s post with 403', async () => {
    const { id } = await createActivity(alice.token, { body: 'Alice keeps this' });
    const e = await failure(deleteActivity(demo.token, id));
    expect(e.status).toBe(403);
    expect((await getActivity(demo.token, id))!.canDelete).toBe(false);
  });
});

describe('uploadComposePhoto (POST /albums/compose_upload, streamed)', () => {
  it('streams a picture and the post shows it as a photo', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4f46e5' } })
      .png()
      .toBuffer();
    const photo = await uploadComposePhoto(demo.token, await multipart(png, 'square.png', 'image/png'));
    expect(photo.photoId).toBeGreaterThan(0);
    expect(photo.src).toMatch(/^https?:\/\//);
    const { id } = await createActivity(demo.token, { body: 'With a photo', photoId: photo.photoId });
    const a = (await getActivity(demo.token, id))!;
    // The picture's own size (the API's width and height), so that its box is kept before it arrives.
    expect(a.attachments).toEqual([
      {
        kind: 'photo',
        id: photo.photoId,
        src: expect.stringMatching(/^https?:\/\//),
        alt: 'Photo',
        description: '',
        size: { width: 64, height: 48 },
      },
    ]);
  });

  it('passes the API’s refusal of a file that is not a picture', async () => {
    const e = await failure(uploadComposePhoto(demo.token, await multipart(Buffer.from('not a picture at all'), 'x.png', 'image/png')));
    expect(e.status).toBe(400);
    expect(e.fieldErrors.Filedata).toBeTruthy();
  });
});

describe('shareItem (POST /activities/share)', () => {
  it('shares an activity with a message; the new one carries a card linking to the shared post', async () => {
    const original = await createActivity(alice.token, { body: 'Share me' });
    const shared = await shareItem(demo.token, { type: 'activity', id: original.id }, 'Look at this');
    const a = (await getActivity(demo.token, shared.id))!;
    expect(a.owner.id).toBe(demo.id);
    expect(a.html).toBe('Look at this');
    expect(a.attachments).toEqual([
      expect.objectContaining({ kind: 'item', item: { type: 'activity', id: original.id }, title: 'Alice Martin' }),
    ]);
  });
});

describe('likes and comments (core)', () => {
  it('likes and unlikes an activity; the count, the flag and who liked follow', async () => {
    const { id } = await createActivity(alice.token, { body: 'Like me' });
    await likeItem(demo.token, { type: 'activity', id: id });
    let a = (await getActivity(demo.token, id))!;
    expect(a.social.liked).toBe(true);
    expect(a.social.likeCount).toBe(1);
    expect(a.social.likers.map((p) => p.name)).toEqual(['Demo User']);
    await expect(listLikers(demo.token, { type: 'activity', id: id })).resolves.toEqual([
      expect.objectContaining({ id: demo.id, name: 'Demo User' }),
    ]);
    // A second like is refused: the optimistic button rolls back on this.
    expect((await failure(likeItem(demo.token, { type: 'activity', id: id }))).status).toBe(400);
    await unlikeItem(demo.token, { type: 'activity', id: id });
    a = (await getActivity(demo.token, id))!;
    expect(a.social.liked).toBe(false);
    expect(a.social.likeCount).toBe(0);
  });

  it('adds comments, pages them newest page first in chronological order, likes and deletes one', async () => {
    const { id } = await createActivity(demo.token, { body: 'Comment on me' });
    const item = { type: 'activity' as const, id: id };
    const added: number[] = [];
    for (let i = 1; i <= 12; i += 1) added.push((await addComment(alice.token, item, `Comment ${i}`)).id);
    const first = await listComments(demo.token, item, { page: 1, limit: 10 });
    expect(first.map((c) => c.text)).toEqual(Array.from({ length: 10 }, (_, i) => `Comment ${i + 3}`));
    const second = await listComments(demo.token, item, { page: 2, limit: 10 });
    expect(second.map((c) => c.text)).toEqual(['Comment 1', 'Comment 2']);
    expect(first[0]!.author.name).toBe('Alice Martin');
    expect(first[0]!.createdAt).toBeGreaterThan(Date.now() - 60_000);
    // The post's owner may delete anyone's comment on it.
    expect(first[0]!.canDelete).toBe(true);

    const a = (await getActivity(demo.token, id))!;
    expect(a.social.commentCount).toBe(12);
    expect(a.social.comments.map((c) => c.text)).toEqual(['Comment 10', 'Comment 11', 'Comment 12']);

    await likeItem(demo.token, item, added[11]);
    expect((await listComments(demo.token, item, { page: 1, limit: 1 }))[0]).toMatchObject({ id: added[11], liked: true, likeCount: 1 });
    await unlikeItem(demo.token, item, added[11]);

    await deleteComment(demo.token, item, added[11]!);
    expect((await listComments(demo.token, item, { page: 1, limit: 1 }))[0]!.id).toBe(added[10]);
  });

  it('lets a reader delete only their own comment on someone else’s post', async () => {
    const { id } = await createActivity(alice.token, { body: 'Alice’s post' });
    const item = { type: 'activity' as const, id: id };
    const mine = await addComment(demo.token, item, 'Mine');
    await addComment(await api.tokenOf('bob@example.com'), item, 'Bob’s');
    const comments = await listComments(demo.token, item);
    expect(comments.map((c) => [c.text, c.canDelete])).toEqual([
      ['Mine', true],
      ['Bob’s', false],
    ]);
    await deleteComment(demo.token, item, mine.id);
    expect((await listComments(demo.token, item)).map((c) => c.text)).toEqual(['Bob’s']);
  });
});

describe('updates and people', () => {
  it('counts unread notifications', async () => {
    const { notificationCount } = await getUpdates(demo.token);
    expect(Number.isInteger(notificationCount)).toBe(true);
    expect(notificationCount).toBeGreaterThanOrEqual(0);
  });

  it('finds the signed-in person, another member by id, and nobody for an unknown id', async () => {
    await expect(getMe(demo.token)).resolves.toMatchObject({ id: demo.id, name: 'Demo User', email: 'demo@example.com' });
    await expect(getUser(demo.token, demo.id, { id: demo.id })).resolves.toMatchObject({ id: demo.id, name: 'Demo User' });
    const a = (await getUser(demo.token, alice.id, { id: demo.id }))!;
    expect(a).toMatchObject({ id: alice.id, name: 'Alice Martin' });
    expect(a.picture).toMatch(/^https?:\/\//);
    await expect(getUser(demo.token, 999_999, { id: demo.id })).resolves.toBeUndefined();
  });

  it('turns a request without a valid token into ApiError 401', async () => {
    const e = await failure(listActivities('not-a-token'));
    expect(e.status).toBe(401);
  });
});
