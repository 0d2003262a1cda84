import { describe, expect, it } from 'vitest';
import { groupHref, whatHappened, wordsOf } from './words.ts';

describe('a group’s notifications in words', () => {
  it('says what happened and leads to the group, or for a request to join to its members, where officers answer', () => {
    const about = (kind: 'group_invite' | 'group_request' | 'group_approve' | 'group_add' | 'group_reject') => ({
      kind,
      item: { type: 'group' as const, id: 4 },
      title: 'Hiking club',
    });
    expect(whatHappened(about('group_invite'))).toBe('invited you to the group “Hiking club”');
    expect(whatHappened(about('group_request'))).toBe('asked to join your group “Hiking club”');
    expect(whatHappened(about('group_approve'))).toBe('approved your request to join the group “Hiking club”');
    expect(whatHappened(about('group_add'))).toBe('added you to the group “Hiking club”');
    expect(whatHappened(about('group_reject'))).toBe('declined your request to join the group “Hiking club”');
    expect(groupHref(about('group_request'))).toBe('/groups/4/members');
    expect(groupHref(about('group_invite'))).toBe('/groups/4');
  });
});

describe('a video’s conversion in words', () => {
  it('tells the owner their video is ready or failed, naming nobody, and leads to the video', () => {
    const about = (kind: 'video_processed' | 'video_failed') => ({
      kind,
      item: { type: 'video' as const, id: 7 },
      title: 'Beach day',
      actors: [{ id: 1, name: 'Erin Walsh', image: '' }],
      actorCount: 1,
    });
    expect(wordsOf(about('video_processed'))).toEqual({ names: '', what: 'Your video “Beach day” is ready to watch.' });
    expect(wordsOf(about('video_failed'))).toEqual({
      names: '',
      what: 'Your video “Beach day” could not be converted. Open it to see why.',
    });
    expect(groupHref(about('video_failed'))).toBe('/videos/7');
    // Others' doings still name who did them.
    expect(wordsOf({ ...about('video_processed'), kind: 'like' })).toEqual({ names: 'Erin Walsh', what: 'liked your video “Beach day”' });
  });
});
