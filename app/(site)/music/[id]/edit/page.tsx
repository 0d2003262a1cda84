import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EditPlaylist } from '@/components/music/edit-playlist';
import { loadPage } from '@/lib/auth/page-session';
import { getCachedMusicChoices } from '@/lib/music/choices';
import { idParam } from '@/lib/params';
import { routes } from '@/lib/routes';
import { getPlaylistForEditing } from '@/lib/social-api/music';

export const metadata: Metadata = { title: 'Edit playlist' };

/** The owner's form of a playlist's settings; anyone else (and a playlist that is not there) is 404. */
export default async function EditPlaylistRoute({ params }: { params: Promise<{ id: string }> }) {
  const id = await idParam(params);
  const [playlist, choices] = await loadPage((s) => Promise.all([getPlaylistForEditing(s.accessToken, id), getCachedMusicChoices(s)]));
  if (!playlist || !playlist.canEdit || !choices) notFound();
  const initial = {
    title: playlist.title,
    description: playlist.description,
    authView: playlist.settings?.authView ?? choices.view[0]?.id ?? 'everyone',
    authComment: playlist.settings?.authComment ?? choices.comment[0]?.id ?? 'everyone',
    searchable: playlist.settings?.searchable ?? true,
  };
  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">Edit playlist</h1>
      <p className="muted mt-1">
        <a href={routes.playlist(id)} className="link">
          {playlist.title}
        </a>
      </p>
      <div className="mt-6">
        <EditPlaylist id={id} initial={initial} choices={choices} />
      </div>
    </div>
  );
}
