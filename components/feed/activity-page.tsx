'use client';

import { useRouter } from 'next/navigation';
import type { Activity } from '@/lib/social-api/activities';
import { ActivityCard } from './activity-card';

/** An activity's own page: the card, and home once it is deleted. */
export function ActivityPage({ activity }: { activity: Activity }) {
  const router = useRouter();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="sr-only">{`${activity.owner.name}’s post`}</h1>
      <ActivityCard activity={activity} standalone onDeleted={() => router.replace('/')} />
    </div>
  );
}
