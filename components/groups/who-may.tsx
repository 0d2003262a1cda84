import type { GroupDetail, GroupRole } from '@/lib/social-api/groups';

const WHO: Record<GroupRole, string> = {
  officer: 'its officers',
  member: 'its members',
  registered: 'members of the site',
  everyone: 'anyone',
};

const WHAT = {
  post: ['authComment', 'post on this group’s wall'],
  photo: ['authPhoto', 'add photos to this group'],
  event: ['authEvent', 'add events to this group'],
} as const;

/**
 * Why the reader may not do `what` in the group, in place of the form or button they do not get
 * (a refusal explained, not an error): who may, by the group's setting, and how the reader gets
 * there from where they stand.
 */
export function WhoMay({ group, what }: { group: GroupDetail; what: keyof typeof WHAT }) {
  const [setting, verb] = WHAT[what];
  const next = group.can.join
    ? ' Join the group to take part.'
    : group.can.request
      ? ' Ask to join, and an officer will let you in.'
      : group.can.accept
        ? ' Accept your invitation to take part.'
        : group.membership === 'requested'
          ? ' Your request to join is waiting for an officer.'
          : '';
  return (
    <p className="muted mt-6 rounded-2xl border border-dashed border-slate-300 p-4 text-sm dark:border-slate-700">
      Only {WHO[group.settings[setting]]} {verb}.{next}
    </p>
  );
}
