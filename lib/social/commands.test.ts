import { describe, expect, it } from 'vitest';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { createActivity, getActivity } from '../social-api/activities.ts';
import { listComments, listLikers } from '../social-api/core.ts';
import {
  addCommentCommand,
  deleteCommentCommand,
  listCommentsCommand,
  listLikersCommand,
  listReportTypesCommand,
  reportCommand,
  setLikeCommand,
  shareCommand,
} from './commands.ts';

// The social layer's commands (what components/social/actions.ts runs for the signed-in
// person) against the real api-server over loopback HTTP, on a fresh copy of the demo data.

const api = setupRealApi();
const { demo, alice } = membersOf(api, ['demo', 'alice']);

/** Alice's album the demo user may see: another item type than activities. */
async function aliceAlbumId(): Promise<number> {
  const aliceId = await api.userId('alice@example.com');
  const row = await api.db
    .selectFrom('albums')
    .select('id')
    .where('owner_id', '=', aliceId)
    .where('auth_view', '=', 'everyone')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('refusals: a bad item type or id changes nothing', () => {
  it('refuses an item type the API does not have, saying so, and nothing is liked', async () => {
    const { id } = await createActivity(alice.token, { body: 'Not to be liked by a forged type' });
    const res = await setLikeCommand(demo.token, { item: { type: 'forum', id }, like: true });
    expect(res).toEqual({ ok: false, message: 'This kind of item cannot be liked, commented on, shared or reported.' });
    expect((await getActivity(demo.token, id))!.social.likeCount).toBe(0);
  });

  it('refuses ids that are not positive whole numbers, for every command, and nothing changes', async () => {
    const { id } = await createActivity(alice.token, { body: 'Keep me as I am' });
    const before = await getActivity(demo.token, id);
    for (const bad of [0, -1, 1.5, '7', Number.NaN, Number.MAX_SAFE_INTEGER + 2, null]) {
      const item = { type: 'activity', id: bad };
      for (const res of [
        await setLikeCommand(demo.token, { item, like: true }),
        await addCommentCommand(demo.token, demo.id, { item, body: 'forged' }),
        await shareCommand(demo.token, { item, body: 'forged' }),
        await reportCommand(demo.token, { item, type: 'spam', description: 'forged' }),
        await listLikersCommand(demo.token, { item, page: 1 }),
        await listCommentsCommand(demo.token, { item, page: 1 }),
        await deleteCommentCommand(demo.token, { item, commentId: 1 }),
      ]) {
        expect(res.ok, `id ${String(bad)}`).toBe(false);
        expect(res.message).toMatch(/not understood/);
      }
    }
    expect(await getActivity(demo.token, id)).toEqual(before);
  });

  it('checks the words before anything is sent: an empty comment and an empty report are field errors', async () => {
    const { id } = await createActivity(alice.token, { body: 'Quiet post' });
    const item = { type: 'activity', id };
    expect(await addCommentCommand(demo.token, demo.id, { item, body: '   ' })).toMatchObject({
      ok: false,
      fieldErrors: { body: expect.stringMatching(/comment/i) },
    });
    expect(await reportCommand(demo.token, { item, type: '', description: '' })).toMatchObject({
      ok: false,
      fieldErrors: { type: expect.any(String), description: expect.any(String) },
    });
    expect(await listComments(demo.token, { type: 'activity', id })).toEqual([]);
  });
});

describe('on an item that is not an activity (an album)', () => {
  it('likes and unlikes it, lists who likes it, comments, likes and deletes the comment, shares it', async () => {
    const item = { type: 'album', id: await aliceAlbumId() } as const;
    expect(await setLikeCommand(demo.token, { item, like: true })).toMatchObject({ ok: true });
    const likers = await listLikersCommand(demo.token, { item, page: 1 });
    expect(likers.ok && likers.data.people.some((p) => p.id === demo.id)).toBe(true);
    expect(await setLikeCommand(demo.token, { item, like: false })).toMatchObject({ ok: true });
    expect((await listLikers(demo.token, item)).some((p) => p.id === demo.id)).toBe(false);

    const added = await addCommentCommand(demo.token, demo.id, { item, body: 'Lovely album' });
    expect(added).toMatchObject({ ok: true, data: { text: 'Lovely album', author: { id: demo.id }, canDelete: true } });
    const commentId = added.ok ? added.data.id : 0;
    expect(await setLikeCommand(demo.token, { item, commentId, like: true })).toMatchObject({ ok: true });
    const page = await listCommentsCommand(demo.token, { item, page: 1 });
    expect(page.ok && page.data.find((c) => c.id === commentId)).toMatchObject({ liked: true, likeCount: 1 });
    expect(await deleteCommentCommand(demo.token, { item, commentId })).toMatchObject({ ok: true });
    expect((await listComments(demo.token, item)).some((c) => c.id === commentId)).toBe(false);

    const shared = await shareCommand(demo.token, { item, body: 'Look at these' });
    expect(shared.ok).toBe(true);
    const activity = await getActivity(demo.token, shared.ok ? shared.data.activityId : 0);
    expect(activity?.attachments).toEqual([expect.objectContaining({ kind: 'item', item })]);
  });
});

describe('reports', () => {
  it('lists the reasons, sends one report, and answers the API’s refusal of a second one clearly', async () => {
    const types = await listReportTypesCommand(demo.token);
    expect(types.ok && types.data.map((t) => t.id)).toContain('spam');
    const { id } = await createActivity(alice.token, { body: 'Buy cheap watches' });
    const item = { type: 'activity', id };
    expect(await reportCommand(demo.token, { item, type: 'spam', description: 'Advertising' })).toMatchObject({
      ok: true,
      message: expect.stringMatching(/report/i),
    });
    // components/social/actions.ts turns the ApiError into its message (lib/server-action failure()).
    await expect(reportCommand(demo.token, { item, type: 'spam', description: 'Again' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/already reported/i),
    });
  });

  it('reports a comment of an item by its id', async () => {
    const { id } = await createActivity(demo.token, { body: 'Comment here' });
    const item = { type: 'activity', id } as const;
    const added = await addCommentCommand(alice.token, await api.userId('alice@example.com'), { item, body: 'Rude words' });
    const commentId = added.ok ? added.data.id : 0;
    expect(await reportCommand(demo.token, { item, commentId, type: 'abuse', description: 'Insulting' })).toMatchObject({ ok: true });
  });
});
