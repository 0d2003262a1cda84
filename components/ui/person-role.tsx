import { routes } from '@/lib/routes';
import type { Who } from '@/lib/social-api/users';
import { Avatar } from './avatar';

/** A member in a role on an item's page ("Sold by", "Organised by"): picture, the role, the name linking to the profile. */
export function PersonRole({ person, label }: { person: Who; label: string }) {
  return (
    <>
      <Avatar person={person} />
      <p className="min-w-0 text-sm">
        <span className="muted block">{label}</span>
        <a href={routes.user(person.id)} className="name break-words">
          {person.name}
        </a>
      </p>
    </>
  );
}
