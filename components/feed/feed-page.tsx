import { getCurrentUser, requireSession } from '@/lib/auth/session';
import { listActivities } from '@/lib/social-api/activities';
import { env } from '@/lib/env';
import { Composer } from './composer';
import { Feed } from './feed';

/**
 * The signed-in home page: the compose box and the first page of the activity feed, rendered
 * on the server. No Suspense boundary inside: when the API fails, the page fails before the
 * response starts, so the error page keeps its HTTP status (a stream starts with 200).
 */
export async function FeedPage() {
  const session = await requireSession('/');
  const [viewer, page] = await Promise.all([getCurrentUser(), listActivities(session.accessToken)]);
  // Without a wall, the feed always exists.
  const initial = page ?? { items: [], nextId: 0, firstId: 0, endOfFeed: true };
  const me = viewer ?? { ...session.user, picture: session.user.image };
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Your feed</h1>
      <Feed
        initial={initial}
        viewer={{ id: me.id, name: me.name, image: me.image, picture: me.picture }}
        renderedAt={Date.now()}
        label="Your feed"
        emptyText="Nothing here yet. Post something, or make friends to see what they share."
      >
        <div className="mt-6">
          <Composer maxPhotoBytes={env().UPLOAD_MAX_BYTES} />
        </div>
      </Feed>
    </div>
  );
}
