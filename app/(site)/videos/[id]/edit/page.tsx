import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EditVideo } from '@/components/videos/edit-video';
import { PosterChooser } from '@/components/videos/poster-chooser';
import { loadPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { routes } from '@/lib/routes';
import { getVideoForEditing } from '@/lib/social-api/videos';
import { getCachedVideoChoices } from '@/lib/videos/choices';

export const metadata: Metadata = { title: 'Edit video' };

/** The owner's form of a video's settings, and its poster; anyone else (and a video that is not there) is 404. */
export default async function EditVideoRoute({ params }: { params: Promise<{ id: string }> }) {
  const id = await idParam(params);
  const [video, choices] = await loadPage((s) => Promise.all([getVideoForEditing(s.accessToken, id), getCachedVideoChoices(s)]));
  if (!video || !video.canEdit || !choices) notFound();
  const initial = {
    title: video.title,
    description: video.description,
    tags: video.tags.map((t) => t.title).join(', '),
    categoryId: video.category ? String(video.category.id) : '',
    authView: video.settings?.authView ?? choices.view[0]?.id ?? 'everyone',
    authComment: video.settings?.authComment ?? choices.comment[0]?.id ?? 'everyone',
    searchable: video.settings?.searchable ?? true,
  };
  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">Edit video</h1>
      <p className="muted mt-1">
        <a href={routes.video(id)} className="link">
          {video.title}
        </a>
      </p>
      <div className="mt-6">
        <EditVideo id={id} initial={initial} choices={choices} />
      </div>
      {/* An upload's poster is a frame of it once converted, or one of one's photos; a link's is its provider's or one of one's photos. */}
      {video.player.kind !== 'upload' || video.player.ready ? (
        <PosterChooser
          id={id}
          title={video.title}
          poster={video.poster}
          width={video.width}
          height={video.height}
          frames={video.player.kind === 'upload'}
        />
      ) : null}
    </div>
  );
}
