import { Avatar } from '@/components/ui/avatar';
import { routes } from '@/lib/routes';
import type { GroupDetail } from '@/lib/social-api/groups';
import { GroupHeader } from './group-header';
import { titleOf } from './member-list';

/** A group's About tab: its description and its staff (the owner and the officers with their titles). */
export function GroupPage({ group }: { group: GroupDetail }) {
  return (
    <article aria-labelledby="group-title" className="mx-auto w-full max-w-3xl">
      <GroupHeader group={group} tab="about" />
      <section aria-labelledby="group-about" className="mt-6">
        <h2 id="group-about" className="sr-only">
          About
        </h2>
        {group.description ? <p className="whitespace-pre-line">{group.description}</p> : <p className="muted">No description yet.</p>}
      </section>
      {group.staff.length ? (
        <section aria-labelledby="group-staff" className="card mt-6">
          <h2 id="group-staff" className="mb-3 font-semibold">
            Led by
          </h2>
          <ul className="space-y-2">
            {group.staff.map((s) => (
              <li key={s.id} className="flex items-center gap-3">
                <Avatar person={s} size="sm" />
                <a href={routes.user(s.id)} className="name">
                  {s.name}
                </a>
                <span className="badge">{titleOf(s.title)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
