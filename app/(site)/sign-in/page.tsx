import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { SignInButton } from '@/components/auth/sign-in-button';
import { Container } from '@/components/ui/container';
import { authCookies } from '@/lib/auth/cookies';
import { safeReturnTo } from '@/lib/auth/return-to';
import { getSession } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { site } from '@/lib/site';

export const metadata: Metadata = {
  title: 'Sign in',
};

export type SignInPageProps = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Where requireSession() sends signed-out people, and where next-auth reports a sign-in that
 * did not complete (?error=…: denied on the consent screen, an expired or replayed callback).
 */
export default async function SignInPage({ searchParams }: SignInPageProps) {
  const params = await searchParams;
  const e = env();
  // After a failed attempt next-auth no longer has callbackUrl in the query; its cookie still
  // remembers where the person was going.
  const remembered = (await cookies()).get(authCookies(e.secure).callbackUrl.name)?.value;
  const callbackUrl = safeReturnTo(first(params.callbackUrl) ?? remembered, e.WEB_ORIGIN);
  if (await getSession()) redirect(callbackUrl);

  const error = first(params.error);
  const signedOut = first(params.reason) === 'signed_out';
  return (
    <Container className="flex flex-col items-start py-20 sm:py-28">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Sign in to {site.name}</h1>
      {signedOut ? (
        <p
          role="status"
          className="mt-6 max-w-xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
        >
          You were signed out. Please sign in again.
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="mt-6 max-w-xl rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
        >
          {/* Callback, OAuthCallback: the authorize page answered with an error (Deny among them),
              or the answer could not be used (expired, replayed). */}
          {error !== 'Configuration'
            ? 'Signing in did not complete. If you chose not to allow access, nothing was shared. You can try again.'
            : 'Signing in did not work this time. Please try again in a moment.'}
        </p>
      ) : null}
      <p className="mt-6 max-w-xl text-slate-600 dark:text-slate-400">
        You sign in on the {site.name} network&apos;s own page with your email and password, and choose what this site may do for you. This
        site never sees your password.
      </p>
      <div className="mt-8">
        <SignInButton callbackUrl={callbackUrl} className="px-5 py-2.5 text-base" />
      </div>
    </Container>
  );
}
