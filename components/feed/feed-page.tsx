import { serialize } from '@/lib/serialized';
import type { ComposeLimits } from '@/lib/feed/compose-limits';
import type { FeedPage as FirstPage } from '@/lib/social-api/activities';
import { Composer } from './composer';
import { Feed } from './feed';

/**
 * The signed-in home page: the compose box and the first page of the activity feed (read by the
 * route, lib/feed/home.ts), rendered on the server.
 */
export function FeedPage({ initial, limits }: { initial: FirstPage; limits: ComposeLimits }) {
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Your feed</h1>
      <Feed
        initial={serialize(initial)}
        label="Your feed"
        emptyText="Nothing here yet. Post something, or make friends to see what they share."
      >
        <div className="mt-6">
          <Composer {...limits} />
        </div>
      </Feed>
    </div>
  );
}
