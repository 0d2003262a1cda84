import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ActivityPage } from '@/components/feed/activity-page';
import { PublicPreview } from '@/components/social/public-preview';
import { loadPublicPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { activityPreview } from '@/lib/previews/items';
import { previewMetadata } from '@/lib/previews/preview';
import { getActivity } from '@/lib/social-api/activities';

export type ActivityRouteProps = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. A visitor reads what everyone may see. */
const load = cache((id: number) =>
  loadPublicPage(async (r) => {
    const activity = await getActivity(r.token, id);
    return activity && { activity, visitor: !r.session };
  }),
);

export async function generateMetadata({ params }: ActivityRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params));
  return data ? previewMetadata(activityPreview(data.activity)) : {};
}

/** One activity on a page of its own: the whole post, all its comments on request, likes, sharing, reports. */
export default async function ActivityRoute({ params }: ActivityRouteProps) {
  const data = await load(await idParam(params));
  // Unknown and hidden look the same: the API answers 404 for both.
  if (!data) notFound();
  const page = <ActivityPage activity={data.activity} />;
  return data.visitor ? <PublicPreview what="this post">{page}</PublicPreview> : page;
}
