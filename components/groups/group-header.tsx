import { PersonRole } from '@/components/ui/person-role';
import { tabClass } from '@/components/ui/list/list-header';
import { routes } from '@/lib/routes';
import type { GroupDetail } from '@/lib/social-api/groups';
import { MEMBERSHIP_LABELS, membersCount } from './group-card';
import { GroupActions } from './group-actions';

type GroupTab = 'about' | 'wall' | 'members' | 'photos' | 'events';

/**
 * The head of every tab of a group: picture, category, name, owner, member count, description,
 * the reader's membership action, and the tabs (each its own address).
 */
export function GroupHeader({ group, tab }: { group: GroupDetail; tab: GroupTab }) {
  const tabs: Array<[GroupTab, string, string]> = [
    ['about', 'About', routes.group(group.id)],
    ['wall', 'Wall', routes.groupWall(group.id)],
    ['members', `Members (${group.members})`, routes.groupMembers(group.id)],
    ['photos', 'Photos', routes.groupPhotos(group.id)],
    ['events', 'Events', routes.groupEvents(group.id)],
  ];
  return (
    <header>
      {group.img ? <img src={group.img} alt="" className="mb-6 aspect-[3/1] w-full rounded-2xl object-cover" /> : null}
      {group.category ? <p className="muted text-sm">{group.category.title}</p> : null}
      <h1 id="group-title" className="mt-1 text-3xl font-bold tracking-tight">
        {group.title}
      </h1>
      <p className="muted mt-1 text-sm">
        {membersCount(group.members)}
        {group.settings.approval ? ' · Officers approve new members' : ' · Anyone may join'}
        {group.membership ? (
          <>
            {' · '}
            <span className="badge">{MEMBERSHIP_LABELS[group.membership]}</span>
          </>
        ) : null}
      </p>
      <div className="mt-4 flex items-center gap-3">
        <PersonRole person={group.owner} label="Owner" />
      </div>
      <GroupActions id={group.id} title={group.title} membership={group.membership} can={group.can} />
      <nav aria-label="Group sections" className="mt-4 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800">
        {tabs.map(([key, label, href]) => (
          <a key={key} href={href} aria-current={tab === key ? 'page' : undefined} className={tabClass(tab === key)}>
            {label}
          </a>
        ))}
      </nav>
    </header>
  );
}
