import { Avatar } from '@/components/ui/avatar';
import { routes } from '@/lib/routes';
import type { GroupMember, GroupMemberAction } from '@/lib/social-api/groups';
import { MemberActions } from './member-actions';

/** A member's title in words: the owner, an officer (with their own title), or nothing for a member. */
export function titleOf(title: string): string {
  if (title === 'owner') return 'Owner';
  if (title === 'officer') return 'Officer';
  return title;
}

/** Who may do what to whom (the API's rules, docs/api.md "Groups": Members, The owner). */
function memberActionsFor(person: GroupMember, viewer: { id: number; owner: boolean; officer: boolean }): GroupMemberAction[] {
  if (person.id === viewer.id || person.title === 'owner') return [];
  if (person.waiting === 'requested') return viewer.officer ? ['approve', 'reject'] : [];
  if (person.waiting === 'invited') return viewer.officer ? ['remove'] : [];
  if (person.title) return viewer.owner ? ['demote', 'remove'] : [];
  return viewer.owner ? ['promote', 'remove'] : viewer.officer ? ['remove'] : [];
}

export type MemberListProps = {
  groupId: number;
  people: GroupMember[];
  viewer: { id: number; owner: boolean; officer: boolean };
  label: string;
};

/** People of a group, each with their title (or what they wait for) and what the reader may do to them. */
export function MemberList({ groupId, people, viewer, label }: MemberListProps) {
  return (
    <ul className="space-y-2" aria-label={label}>
      {people.map((p) => {
        const title = p.waiting === 'requested' ? 'Asks to join' : p.waiting === 'invited' ? 'Invited' : titleOf(p.title);
        return (
          <li key={p.id} className="flex flex-wrap items-center gap-3" data-kb-item="">
            <Avatar person={p} size="sm" />
            <a href={routes.user(p.id)} className="name" data-kb-open="">
              {p.name}
            </a>
            {title ? <span className="badge">{title}</span> : null}
            <MemberActions
              groupId={groupId}
              person={{ id: p.id, name: p.name }}
              actions={memberActionsFor(p, viewer)}
              invited={p.waiting === 'invited'}
            />
          </li>
        );
      })}
    </ul>
  );
}
