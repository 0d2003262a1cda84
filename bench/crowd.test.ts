import { describe, expect, it } from 'vitest';
import { newMember, remember, summarize, type Answer } from './crowd.ts';

describe('the crowd of npm run bench:site', () => {
  it('goes where its pages linked: posts, listings, people but not itself, conversations as the inbox opens them, groups', () => {
    const me = newMember(7, 'session=x');
    remember(
      me,
      '<a href="/activities/12">a</a><a href="/activities/12#comments">b</a><a href="/listings/3?from=list">c</a>' +
        '<a href="/users/7">me</a><a href="/users/9">them</a><a href="/messages?open=44&amp;folder=sent">d</a>' +
        '<a href="/messages/45">e</a><a href="/groups/5">f</a><a href="/activities/notanid">g</a>',
    );
    expect({ ...me.seen, conversation: me.seen.conversation.toSorted() }).toEqual({
      activity: [12],
      listing: [3],
      user: [9],
      conversation: [44, 45],
      group: [5],
    });
    // The newest page's links first; a link seen again moves up, each once.
    remember(me, '<a href="/activities/13"></a><a href="/activities/12"></a>');
    expect(me.seen.activity).toEqual([13, 12]);
  });

  it('keeps at most 30 of each', () => {
    const me = newMember(1, '');
    remember(me, Array.from({ length: 40 }, (_, i) => `<a href="/activities/${i + 100}">`).join(''));
    expect(me.seen.activity).toHaveLength(30);
  });

  it('counts a failed visit as infinitely slow in its p99, and leaves it out of its p50', () => {
    const fast = Array.from({ length: 99 }, (_, i): Answer => ({ kind: 'feed', ok: true, ms: i + 1 }));
    const failed: Answer = { kind: 'feed', ok: false, ms: 3, why: '502' };
    const [feed, like] = summarize([...fast, failed, { kind: 'like', ok: true, ms: 20 }]);
    // One failure in 100 is the 1% a p99 leaves out; two are not.
    expect(feed).toMatchObject({ kind: 'feed', n: 100, failed: 1, p50: 50, p99: 99 });
    expect(summarize([...fast, failed, failed])[0]).toMatchObject({ n: 101, failed: 2, p99: Infinity });
    expect(like).toMatchObject({ kind: 'like', n: 1, failed: 0, p50: 20, p99: 20 });
  });
});
