import type { ReactNode } from 'react';
import { SignInButton } from '@/components/auth/sign-in-button';
import { Container } from '@/components/ui/container';
import { site } from '@/lib/site';

export type PublicPreviewProps = {
  /** "this post", "this photo": what the visitor is looking at. */
  what: string;
  children: ReactNode;
};

/**
 * An item page as a visitor who is not signed in sees it (the public preview): the item as
 * everyone may see it, in the page's column (the signed-out chrome has none of its own), under
 * an invitation to sign in that brings them back to this page (SignInButton's default).
 */
export function PublicPreview({ what, children }: PublicPreviewProps) {
  return (
    <Container className="py-6 lg:py-8">
      <aside
        aria-label={`Sign in to ${site.name}`}
        className="mx-auto mb-6 flex w-full max-w-5xl flex-wrap items-center justify-between gap-4 rounded-xl border border-indigo-200 bg-indigo-50 px-5 py-4 text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950/40 dark:text-indigo-100"
      >
        <p>
          You are seeing {what} as everyone may. <strong className="font-semibold">Sign in</strong> to like it, comment, share it to your
          feed and see more.
        </p>
        <SignInButton>Sign in to join in</SignInButton>
      </aside>
      {children}
    </Container>
  );
}
