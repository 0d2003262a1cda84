import type { Person } from '@/lib/social-api/users';
import { Avatar } from './avatar';

export type WallHeaderProps = { member: Person; isViewer: boolean };

/** The top of a member's wall: their picture and name. */
export function WallHeader({ member, isViewer }: WallHeaderProps) {
  return (
    <header className="flex items-center gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <Avatar person={member} size="lg" decorative={false} />
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{member.name}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{isViewer ? 'Your wall' : 'Wall'}</p>
      </div>
    </header>
  );
}
