'use client';

import { useRouter } from 'next/navigation';
import { routes } from '@/lib/routes';
import type { Who } from '@/lib/social-api/users';
import { useAnnounce } from '@/components/ui/announcer';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button';
import { setBlocked } from './actions';
import { ConfirmForm } from './confirm-form';

/** The members the reader blocked, each with Unblock (a plain form without script). */
export function BlockedList({ blocked }: { blocked: Who[] }) {
  const router = useRouter();
  const announce = useAnnounce();
  return (
    <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Blocked members">
      {blocked.map((m) => (
        <li key={m.id} className="flex items-center gap-3 py-2">
          <Avatar person={m} size="sm" />
          <a href={routes.user(m.id)} className="name flex-1">
            {m.name}
          </a>
          <ConfirmForm
            action={setBlocked}
            fields={{ userId: m.id, block: '0', back: routes.privacySettings }}
            label={`Unblock ${m.name}`}
            className={buttonStyles.secondary}
            confirm={{
              title: `Unblock ${m.name}?`,
              description: 'You can write to each other again. Your friendship, if you had one, does not come back.',
              confirmLabel: 'Unblock',
              pendingLabel: 'Unblocking…',
              danger: false,
            }}
            onDone={(message) => {
              announce(message);
              router.refresh();
            }}
          />
        </li>
      ))}
    </ul>
  );
}
