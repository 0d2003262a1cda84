import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { SignInButton } from '@/components/auth/sign-in-button';
import { UserMenu } from '@/components/auth/user-menu';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { ParsedEnd } from '@/components/ui/parsed-end';
import { SearchBox } from '@/components/search/search-box';
import { getSession } from '@/lib/auth/session';
import type { Viewer } from '@/lib/auth/viewer';
import { getHeaderCounts } from '@/lib/notifications/count';
import { MessagesEnvelope } from './messages-envelope';
import { NotificationBell } from './notification-bell';

export type SiteHeaderProps = {
  /** The signed-in person, or null (see lib/auth/viewer). */
  viewer: Viewer | null;
  /** The envelope and the notification bell with their counts. */
  bell: ReactNode;
};

/** The banner on every page: the site, and who is signed in (or a way to sign in). */
export function SiteHeader({ viewer, bell }: SiteHeaderProps) {
  return (
    <header className="border-b border-slate-200 dark:border-slate-800">
      {/* Three columns fixed by the grid, not by what is in them: a browser that paints the page
          while its HTML is still arriving (a slow laptop does) shows the search field where it
          stays, before the sign-in button or the menu after it has been parsed. */}
      <Container className="grid h-16 grid-cols-[minmax(auto,1fr)_minmax(0,28rem)_minmax(auto,1fr)] items-center gap-4">
        <Link href="/" className="justify-self-start rounded-md">
          <Logo />
        </Link>
        <SearchBox />
        {viewer ? (
          // Laid out from the right: shown once parsed to its end (globals.css), so the envelope and the bell do not move as the menu comes.
          <div className="shown-when-parsed flex items-center gap-2 justify-self-end">
            {bell}
            <UserMenu id={viewer.id} name={viewer.name} image={viewer.image} />
            <ParsedEnd />
          </div>
        ) : (
          <div className="justify-self-end">
            <SignInButton />
          </div>
        )}
      </Container>
    </header>
  );
}

/**
 * The envelope (on a server with messages, for a session allowed them) and the bell, with their
 * unread counts (one read of GET /activities/updates, in a short per-user cache: lib/notifications/count.ts).
 */
export async function BellWithCount() {
  const session = await getSession();
  const counts = session ? await getHeaderCounts(session.userId, session.accessToken) : null;
  return (
    <>
      {counts?.messages != null ? <MessagesEnvelope count={counts.messages} /> : null}
      <NotificationBell count={counts?.notifications ?? null} />
    </>
  );
}
