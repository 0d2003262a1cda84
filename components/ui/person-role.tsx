import type { ReactNode } from 'react';
import { routes } from '@/lib/routes';
import type { Who } from '@/lib/social-api/users';
import { Avatar } from './avatar';

/**
 * A member in a role on an item's page ("Sold by", "Organised by"): picture, the role, the name
 * linking to the profile, and a line about them when there is one ("Member since March 2025").
 */
export function PersonRole({ person, label, detail }: { person: Who; label: string; detail?: ReactNode }) {
  return (
    <>
      <Avatar person={person} />
      <p className="min-w-0 text-sm">
        <span className="muted block">{label}</span>
        <a href={routes.user(person.id)} className="name break-words">
          {person.name}
        </a>
        {detail ? <span className="muted block">{detail}</span> : null}
      </p>
    </>
  );
}
