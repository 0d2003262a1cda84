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
    <article className="card flex gap-4" data-kb-item="">
      {group.thumb ? (
        <img src={group.thumb} alt="" width={96} height={96} className="size-24 shrink-0 rounded-lg object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-24 shrink-0 items-center justify-center rounded-lg bg-indigo-50 dark:bg-indigo-950/50"
        >
          <span className="icon icon-users size-8 text-indigo-700 dark:text-indigo-300" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold">
          <a href={routes.group(group.id)} className="hover:underline" data-kb-open="">
            {group.title}
          </a>
        </h2>
        <p className="muted text-sm">
          {membersCount(group.members)}
          {group.category ? ` · ${group.category.title}` : null}
          {group.membership ? (
            <>
              {' · '}
              <span className="badge">{MEMBERSHIP_LABELS[group.membership]}</span>
            </>
          ) : null}
        </p>
        {group.description ? <p className="mt-1 line-clamp-2 text-sm">{group.description}</p> : null}
      </div>
    </article>
  );
}
