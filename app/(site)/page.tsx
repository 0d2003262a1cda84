import { FeedPage } from '@/components/feed/feed-page';
import { LandingPage } from '@/components/landing/landing-page';
import { getSession, sessionEnded } from '@/lib/auth/session';
import { composeLimits } from '@/lib/feed/compose-limits';
import { loadHomeFeed } from '@/lib/feed/home';

export type HomePageProps = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Signed in: the activity feed. Signed out: what Social is, and a way in. */
export default async function HomePage({ searchParams }: HomePageProps) {
  if (await getSession()) {
    const [initial, limits] = await Promise.all([loadHomeFeed(), composeLimits()]);
    return <FeedPage initial={initial} limits={limits} />;
  }
  // Told once, when the API refused to renew the session (or sign-out sent them here).
  const signedOut = (await sessionEnded()) || (await searchParams).signed_out === '1';
  return <LandingPage signedOut={signedOut} />;
}
