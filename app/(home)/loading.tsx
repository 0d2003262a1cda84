import { FeedSkeleton } from '@/components/feed/feed-skeleton';
import { Container } from '@/components/ui/container';

/**
 * While the home page gets its data: the shape of a feed. Only here (a route group), not for
 * every page: a loading boundary starts the response, which then can no longer be a redirect
 * or a 404 (Next docs: loading.js, "Status codes"). Pages elsewhere redirect or call
 * notFound() before any Suspense boundary of their own.
 */
export default function Loading() {
  return (
    <Container className="py-10">
      <div className="mx-auto max-w-2xl">
        <FeedSkeleton />
      </div>
    </Container>
  );
}
