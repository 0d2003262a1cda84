import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ActivityPage } from '@/components/feed/activity-page';
import { loadPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { getActivity } from '@/lib/social-api/activities';

export type ActivityRouteProps = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. */
const load = cache((id: number) => loadPage((s) => getActivity(s.accessToken, id)));

export async function generateMetadata({ params }: ActivityRouteProps): Promise<Metadata> {
  const activity = await load(await idParam(params));
  return activity ? { title: `${activity.owner.name}’s post` } : {};
}

/** One activity on a page of its own: the whole post, all its comments on request, likes, sharing, reports. */
export default async function ActivityRoute({ params }: ActivityRouteProps) {
  const activity = await load(await idParam(params));
  // Unknown and hidden look the same: the API answers 404 for both.
  if (!activity) notFound();
  return <ActivityPage activity={activity} />;
}
