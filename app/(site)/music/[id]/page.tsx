import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { PlaylistPage } from '@/components/music/playlist-page';
import { PublicPreview } from '@/components/social/public-preview';
import { loadPublicPage } from '@/lib/auth/page-session';
import { env } from '@/lib/env';
import { idParam } from '@/lib/params';
import { playlistPreview } from '@/lib/previews/items';
import { previewMetadata } from '@/lib/previews/preview';
import { getPlaylist } from '@/lib/social-api/music';

export type PlaylistRouteProps = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. A visitor reads what everyone may see. */
const load = cache((id: number) =>
  loadPublicPage(async (r) => {
    const playlist = await getPlaylist(r.token, id, r.userId ?? 0);
    return playlist && { playlist, visitor: !r.session };
  }),
);

export async function generateMetadata({ params }: PlaylistRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params));
  return data ? previewMetadata(playlistPreview(data.playlist)) : {};
}

/** A playlist: its songs in order to play in the site's player, the social layer; its owner's tools. */
export default async function PlaylistRoute({ params }: PlaylistRouteProps) {
  const data = await load(await idParam(params));
  // Unknown and private look the same: the API answers 404.
  if (!data) notFound();
  const page = <PlaylistPage playlist={data.playlist} maxBytes={env().SONG_MAX_BYTES} />;
  return data.visitor ? <PublicPreview what="this playlist">{page}</PublicPreview> : page;
}
