import type { ReactNode } from 'react';
import { ViewerProvider } from '@/components/auth/viewer-context';
import { Announcer } from '@/components/ui/announcer';
import { ClientLinks } from '@/components/ui/client-links';
import { Container } from '@/components/ui/container';
import { ClockProvider } from '@/components/ui/relative-time';
import { getSession } from '@/lib/auth/session';
import { loadViewer } from '@/lib/auth/viewer';
import { siteHasGroups } from '@/lib/groups/available';
import { getHeaderCounts } from '@/lib/notifications/count';
import { siteHasMusic } from '@/lib/music/available';
import { siteHasVideos } from '@/lib/videos/available';
import { PlayerHost } from '@/components/music/player-host';
import { PrimaryNav } from './primary-nav';
import { SiteFooter } from './site-footer';
import { BellWithCount, SiteHeader } from './site-header';
import { requestNonce, WarmIntl } from './warm-intl';

/**
 * The site's chrome around a page: skip link, header, the primary navigation in a left column
 * for a signed-in person, the page, footer. The viewer comes from the session record (no API
 * call); the unread count comes from a short per-user cache (lib/notifications/count.ts), fetched
 * beside the page's own read when it is cold. (A Suspense boundary of its own cost more render
 * time than the cache lets it save: measured with `npm run bench`.)
 */
export async function SiteChrome({ children }: { children: ReactNode }) {
  const [viewer, nonce] = await Promise.all([loadViewer(), requestNonce()]);
  return (
    <ViewerProvider viewer={viewer}>
      {/* eslint-disable-next-line react-hooks/purity -- a server component renders once per request: this is the request's time */}
      <ClockProvider renderedAt={Date.now()}>
        <Announcer>
          <WarmIntl nonce={nonce} />
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-700 focus:shadow"
          >
            Skip to content
          </a>
          <SiteHeader viewer={viewer} bell={viewer ? <BellWithCount /> : null} />
          {viewer ? (
            <Container className="flex-1 gap-8 py-6 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:py-8">
              <Navigation viewerId={viewer.id} />
              <main id="main" className="min-w-0">
                <ClientLinks>{children}</ClientLinks>
              </main>
            </Container>
          ) : (
            <main id="main" className="flex-1">
              <ClientLinks>{children}</ClientLinks>
            </main>
          )}
          <SiteFooter signedIn={viewer !== null} />
          {/* The site's music player: nothing until a song is played, then it stays as the person browses on. */}
          <PlayerHost />
        </Announcer>
      </ClockProvider>
    </ViewerProvider>
  );
}

/**
 * The primary navigation with the entries of the sections this server has: messages (the header's
 * counts say so: one read for both, per request), groups, videos and music (each asked once in a
 * while by the site's token, not per page: lib/site-extensions.ts): one component that waits for
 * all four, beside the page's own read, and hands the navigation what it needs to draw them.
 */
async function Navigation({ viewerId }: { viewerId: number }) {
  const session = await getSession();
  const [counts, groups, videos, music] = await Promise.all([
    session ? getHeaderCounts(session.userId, session.accessToken) : null,
    siteHasGroups(),
    siteHasVideos(),
    siteHasMusic(),
  ]);
  return <PrimaryNav viewerId={viewerId} optional={{ messages: counts?.messages != null, groups, videos, music }} />;
}
