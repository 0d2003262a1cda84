import type { Person } from '@/lib/social-api/users';
import { Avatar } from '@/components/ui/avatar';
import { routes } from '@/lib/routes';

export type WallHeaderProps = { member: Person; isViewer: boolean };

/** The top of a member's wall: their picture and name. */
export function WallHeader({ member, isViewer }: WallHeaderProps) {
  return (
    <header className="card flex items-center gap-5 p-6">
      <Avatar person={member} size="lg" decorative={false} />
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{member.name}</h1>
        <p className="muted mt-1">
          {isViewer ? 'Your wall' : 'Wall'} ·{' '}
          <a href={isViewer ? routes.myAlbums() : routes.albums({ user: member.id })} className="link">
            {isViewer ? 'Your albums' : 'Albums'}
          </a>
        </p>
      </div>
    </header>
  );
}
