import { loadPage } from '@/lib/auth/page-session';
import { listActivities } from '@/lib/social-api/activities';
import { env } from '@/lib/env';
import { Composer } from './composer';
import { Feed } from './feed';

/**
 * The signed-in home page: the compose box and the first page of the activity feed, rendered
 * on the server with one API call (the header's viewer comes from the session record). Read
 * through loadPage before anything streams, so that a failing API keeps its HTTP status.
 */
export async function FeedPage() {
  const page = await loadPage((s) => listActivities(s.accessToken));
  // Without a wall, the feed always exists.
  const initial = page ?? { items: [], nextId: 0, firstId: 0, endOfFeed: true };
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Your feed</h1>
      <Feed initial={initial} label="Your feed" emptyText="Nothing here yet. Post something, or make friends to see what they share.">
        <div className="mt-6">
          <Composer maxPhotoBytes={env().UPLOAD_MAX_BYTES} />
        </div>
      </Feed>
    </div>
  );
}
