import { FeedSkeleton } from '@/components/feed/feed-skeleton';

export default function WallLoading() {
  return <FeedSkeleton />;
}
