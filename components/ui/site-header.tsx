import Link from 'next/link';
import { NotificationBadge } from '@/components/auth/notification-badge';
import { SignInButton } from '@/components/auth/sign-in-button';
import { UserMenu } from '@/components/auth/user-menu';
import type { Viewer } from '@/lib/auth/viewer';
import { Container } from './container';
import { Logo } from './logo';

export type SiteHeaderProps = {
  /** The signed-in person, or null (the root layout loads it: see lib/auth/viewer). */
  viewer: Viewer | null;
};

/** The banner on every page: the site, and who is signed in (or a way to sign in). */
export function SiteHeader({ viewer }: SiteHeaderProps) {
  return (
    <header className="border-b border-slate-200 dark:border-slate-800">
      <Container className="flex h-16 items-center justify-between gap-4">
        <Link href="/" className="rounded-md">
          <Logo />
        </Link>
        {viewer ? (
          <nav aria-label="Account" className="flex items-center gap-2">
            <NotificationBadge count={viewer.notificationCount} />
            <UserMenu id={viewer.id} name={viewer.name} image={viewer.image} />
          </nav>
        ) : (
          <SignInButton />
        )}
      </Container>
    </header>
  );
}
