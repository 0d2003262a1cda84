import { routes } from '@/lib/routes';
import type { Who } from '@/lib/social-api/users';
import { Avatar } from './avatar';

/** People as a list, each with their picture and a link to their profile (an event's members, who liked or did something). */
export function PeopleList({ people, className = 'space-y-2' }: { people: readonly Who[]; className?: string }) {
  return (
    <ul className={className}>
      {people.map((p) => (
        <li key={p.id} className="flex items-center gap-3">
          <Avatar person={p} size="sm" />
          <a href={routes.user(p.id)} className="name">
            {p.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
