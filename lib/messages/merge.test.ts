import { describe, expect, it } from 'vitest';
import type { Message } from '../social-api/messages.ts';
import { mergeMessages } from './merge.ts';

const m = (id: number): Message => ({ id, from: { id: 1, name: 'Alice', image: '' }, at: id * 1000, html: `#${id}` });
const ids = (list: readonly Message[]) => list.map((x) => x.id);

describe('mergeMessages', () => {
  it('adds what arrived once, in id order, whether it came after, before or in between', () => {
    const shown = [m(3), m(5)];
    expect(ids(mergeMessages(shown, [m(6), m(7)]))).toEqual([3, 5, 6, 7]);
    expect(ids(mergeMessages(shown, [m(1), m(2)]))).toEqual([1, 2, 3, 5]);
    expect(ids(mergeMessages(shown, [m(4)]))).toEqual([3, 4, 5]);
  });

  it('shows nothing twice: a poll and a send that read the same messages, or one answer holding one twice', () => {
    const afterSend = mergeMessages([m(3)], [m(4), m(5)]);
    const afterPoll = mergeMessages(afterSend, [m(4), m(5), m(6)]);
    expect(ids(afterPoll)).toEqual([3, 4, 5, 6]);
    expect(ids(mergeMessages([m(1)], [m(2), m(2)]))).toEqual([1, 2]);
  });

  it('answers the same list when nothing is new, so that nothing renders again', () => {
    const shown = [m(1), m(2)];
    expect(mergeMessages(shown, [])).toBe(shown);
    expect(mergeMessages(shown, [m(2), m(1)])).toBe(shown);
  });
});
