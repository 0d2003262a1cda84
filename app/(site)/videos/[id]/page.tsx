import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { PublicPreview } from '@/components/social/public-preview';
import { VideoPage } from '@/components/videos/video-page';
import { loadPublicPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { getVideo } from '@/lib/social-api/videos';
import { videoMetadata } from '@/lib/videos/metadata';

export type VideoRouteProps = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. A visitor reads what everyone may see. */
const load = cache((id: number) =>
  loadPublicPage(async (r) => {
    const video = await getVideo(r.token, id, r.userId ?? 0);
    return video && { video, visitor: !r.session };
  }),
);

export async function generateMetadata({ params }: VideoRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params));
  return data ? videoMetadata(data.video) : {};
}

/** A video: its player, rating, description and the social layer; its owner's actions. */
export default async function VideoRoute({ params }: VideoRouteProps) {
  const data = await load(await idParam(params));
  // Unknown, private and someone else's video still being converted look the same: the API answers 404.
  if (!data) notFound();
  const page = <VideoPage video={data.video} visitor={data.visitor} />;
  return data.visitor ? <PublicPreview what="this video">{page}</PublicPreview> : page;
}
