import type { ComponentType } from 'react';
import { SignInButton } from '@/components/auth/sign-in-button';
import { Container } from '@/components/ui/container';
import { FeatureCard } from '@/components/ui/feature-card';
import {
  BlogIcon,
  CalendarIcon,
  DashboardIcon,
  FeedIcon,
  HeartIcon,
  PhotoIcon,
  ShareIcon,
  TagIcon,
  type IconProps,
} from '@/components/ui/icons';
import { site } from '@/lib/site';

// The signed-out home page: what the site is, what one can do in it, and a way in.

type Feature = { title: string; icon: ComponentType<IconProps>; text: string };

const browse: Feature[] = [
  {
    title: 'Activity feed',
    icon: FeedIcon,
    text: 'What your friends post and share, newest first.',
  },
  {
    title: 'Albums and photos',
    icon: PhotoIcon,
    text: 'Look through albums photo by photo and see who is tagged in them.',
  },
  {
    title: 'Blogs',
    icon: BlogIcon,
    text: 'Read what people write at length, by category and by tag.',
  },
  {
    title: 'Listings',
    icon: TagIcon,
    text: 'Classified listings with prices, locations and photos, by category.',
  },
  {
    title: 'Events',
    icon: CalendarIcon,
    text: 'What is coming up, where and when, and who is going.',
  },
  {
    title: 'Likes, comments and tags',
    icon: HeartIcon,
    text: 'Like and comment on what people share, and tag the people in your photos.',
  },
];

const yours: Feature[] = [
  {
    title: 'Your listings and events',
    icon: DashboardIcon,
    text: 'One dashboard for what you run: edit listings, close them when they are sold, and manage who comes to your events.',
  },
  {
    title: 'Previews worth sharing',
    icon: ShareIcon,
    text: 'A link to a photo, blog, listing or event unfurls into a rich card where you paste it, and opens a public preview page, even for people who are not signed in.',
  },
];

export function LandingPage({ signedOut }: { signedOut: boolean }) {
  return (
    <>
      {signedOut ? (
        <Container className="pt-6">
          <p
            role="status"
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
          >
            You were signed out. Please sign in again.
          </p>
        </Container>
      ) : null}
      <section aria-labelledby="hero-title" className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-linear-to-b from-indigo-50 to-transparent dark:from-indigo-950/40"
        />
        {/* Top-aligned, not centred: while the page's HTML is still arriving the drawing grows, and
            centred text would move down with it. */}
        <Container className="grid items-start gap-12 py-20 lg:grid-cols-2 lg:py-28">
          <div className="lg:pt-16">
            <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">{site.name}</p>
            <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
              Everything your network shares, in one place
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600 dark:text-slate-300">
              {site.name} is the web home of your social network. Follow the activity feed, look through albums and photos, read blogs, and
              find listings and events, all from your desktop browser.
            </p>
            <div className="mt-8 flex flex-wrap items-center gap-x-4 gap-y-2">
              <SignInButton className="px-5 py-2.5 text-base" />
              <p className="text-sm text-slate-600 dark:text-slate-400">with your {site.name} account</p>
            </div>
          </div>
          <FeedIllustration />
        </Container>
      </section>

      <FeatureSection
        id="browse-title"
        title="Browse what your network shares"
        intro="Keep up with the people you know, and join in."
        features={browse}
        grid="sm:grid-cols-2 lg:grid-cols-3"
      />
      <FeatureSection
        id="yours-title"
        title="Run your own corner of it"
        intro="Keep what you post in order, and let what you share speak for itself."
        features={yours}
        grid="md:grid-cols-2"
        className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40"
      />
    </>
  );
}

type FeatureSectionProps = { id: string; title: string; intro: string; features: Feature[]; grid: string; className?: string };

function FeatureSection({ id, title, intro, features, grid, className = '' }: FeatureSectionProps) {
  return (
    <section aria-labelledby={id} className={`py-16 sm:py-20 ${className}`}>
      <Container>
        <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {title}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600 dark:text-slate-400">{intro}</p>
        <ul className={`mt-10 grid gap-6 ${grid}`}>
          {features.map((feature) => (
            <FeatureCard key={feature.title} title={feature.title} icon={feature.icon}>
              {feature.text}
            </FeatureCard>
          ))}
        </ul>
      </Container>
    </section>
  );
}

/** A drawing of a feed, shapes only: nothing in it pretends to be real content. */
function FeedIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md sm:block lg:mx-0 lg:justify-self-end">
      <div className="absolute -inset-4 -z-10 rotate-2 rounded-3xl bg-indigo-100/70 dark:bg-indigo-900/30" />
      <div className="space-y-4 rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-indigo-900/5 dark:border-slate-800 dark:bg-slate-900">
        {[0, 1].map((card) => (
          <div key={card} className="rounded-2xl border border-slate-100 p-4 dark:border-slate-800">
            <div className="flex items-center gap-3">
              <div className={`size-9 rounded-full ${card ? 'bg-amber-200 dark:bg-amber-700' : 'bg-sky-200 dark:bg-sky-700'}`} />
              <div className="space-y-1.5">
                <div className="h-2.5 w-28 rounded-full bg-slate-200 dark:bg-slate-700" />
                <div className="h-2 w-16 rounded-full bg-slate-100 dark:bg-slate-800" />
              </div>
            </div>
            <div className="mt-4 space-y-2">
              <div className="h-2.5 w-full rounded-full bg-slate-100 dark:bg-slate-800" />
              <div className="h-2.5 w-4/5 rounded-full bg-slate-100 dark:bg-slate-800" />
            </div>
            {card === 0 ? (
              <div className="mt-4 grid grid-cols-3 gap-2">
                <div className="aspect-square rounded-lg bg-linear-to-br from-indigo-200 to-indigo-400 dark:from-indigo-800 dark:to-indigo-600" />
                <div className="aspect-square rounded-lg bg-linear-to-br from-emerald-200 to-emerald-400 dark:from-emerald-800 dark:to-emerald-600" />
                <div className="aspect-square rounded-lg bg-linear-to-br from-rose-200 to-rose-400 dark:from-rose-800 dark:to-rose-600" />
              </div>
            ) : (
              <div className="mt-4 flex items-center gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
                <div className="size-10 rounded-lg bg-indigo-100 dark:bg-indigo-900" />
                <div className="flex-1 space-y-1.5">
                  <div className="h-2.5 w-24 rounded-full bg-slate-200 dark:bg-slate-700" />
                  <div className="h-2 w-32 rounded-full bg-slate-100 dark:bg-slate-700/60" />
                </div>
              </div>
            )}
            <div className="mt-4 flex gap-4">
              <div className="h-2 w-10 rounded-full bg-slate-100 dark:bg-slate-800" />
              <div className="h-2 w-14 rounded-full bg-slate-100 dark:bg-slate-800" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
