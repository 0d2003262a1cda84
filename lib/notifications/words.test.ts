import { describe, expect, it } from 'vitest';
import { groupHref, whatHappened } from './words.ts';

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
