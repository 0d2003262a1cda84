import type { GroupDetail } from '../social-api/groups.ts';
import type { GroupFormValues } from '../validations/group.ts';

// What the group form starts from: a new group open to everyone, members posting and adding
// photos, officers adding events (the API's own defaults), or a group's own settings.

export function newGroupDefaults(): GroupFormValues {
  return {
    title: '',
    description: '',
    categoryId: '',
    approval: false,
    searchable: true,
    authInvite: 'member',
    authView: 'everyone',
    authComment: 'member',
    authPhoto: 'member',
    authEvent: 'officer',
  };
}

export function editGroupDefaults(g: GroupDetail): GroupFormValues {
  const s = g.settings;
  return {
    title: g.title,
    description: g.description,
    categoryId: s.categoryId ? String(s.categoryId) : '',
    approval: s.approval,
    searchable: s.searchable,
    authInvite: s.authInvite,
    authView: s.authView,
    authComment: s.authComment,
    authPhoto: s.authPhoto,
    authEvent: s.authEvent,
  };
}
