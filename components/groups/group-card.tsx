import { CardFacts, ItemCard } from '@/components/ui/item-card';
import { routes } from '@/lib/routes';
import type { GroupMembership, GroupSummary } from '@/lib/social-api/groups';

/** The reader's place in a group, in words. */
export const MEMBERSHIP_LABELS: Record<GroupMembership, string> = {
  owner: 'Owner',
  officer: 'Officer',
  member: 'Member',
  requested: 'Request pending',
  invited: 'Invited',
};

/** "1 member", "12 members". */
export const membersCount = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** A group in a list: picture, name, how many belong, its category, and the reader's place in it. */
export function GroupCard({ group }: { group: GroupSummary }) {
  return (
    <ItemCard href={routes.group(group.id)} title={group.title} thumb={group.thumb} icon="icon-users" shape="square">
      <CardFacts badge={group.membership ? MEMBERSHIP_LABELS[group.membership] : undefined}>
        {membersCount(group.members)}
        {group.category ? ` · ${group.category.title}` : null}
      </CardFacts>
      {group.description ? <p className="mt-1 line-clamp-2 text-sm">{group.description}</p> : null}
    </ItemCard>
  );
}
