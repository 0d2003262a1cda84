import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PhotoUploader } from '@/components/albums/upload/photo-uploader';
import { loadPage } from '@/lib/auth/page-session';
import { env } from '@/lib/env';
import { parseId } from '@/lib/params';
import { itemHref, routes } from '@/lib/routes';
import { getUploadTarget } from '@/lib/social-api/album-upload';
import { getAlbumOptions } from '@/lib/social-api/albums';

export const metadata: Metadata = { title: 'Add photos' };

export type AddPhotosPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * "Add photos": to an album the reader may add to (?album={id}), or to a new album made with
 * them. The photos upload one by one as they are picked (components/albums/upload).
 */
export default async function AddPhotosPage({ searchParams }: AddPhotosPageProps) {
  const raw = (await searchParams).album;
  const albumId = raw === undefined ? undefined : parseId(typeof raw === 'string' ? raw : undefined);
  if (raw !== undefined && albumId === undefined) notFound();
  const data = await loadPage(async (s) =>
    albumId === undefined
      ? { kind: 'new' as const, choices: await getAlbumOptions(s.accessToken) }
      : { kind: 'existing' as const, album: await getUploadTarget(s.accessToken, albumId) },
  );
  if (data.kind === 'existing' && !data.album) notFound();
  const maxBytes = env().UPLOAD_MAX_BYTES;

  let body;
  if (data.kind === 'new') {
    body = <PhotoUploader maxBytes={maxBytes} target={{ kind: 'new', choices: data.choices }} />;
  } else {
    const album = data.album!;
    const href = itemHref({ type: 'album', id: album.id });
    const name = href ? (
      <a href={href} className="link">
        {album.title}
      </a>
    ) : (
      <strong>{album.title}</strong>
    );
    body = (
      <>
        <p className="muted mt-1">
          To the album {name}.{' '}
          <a href={routes.addPhotos()} className="link">
            Make a new album instead
          </a>
        </p>
        {album.canUpload ? (
          <div className="mt-6">
            <PhotoUploader maxBytes={maxBytes} target={{ kind: 'existing', albumId: album.id, title: album.title }} />
          </div>
        ) : (
          <p className="card mt-6">You cannot add photos to this album.</p>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">Add photos</h1>
      {data.kind === 'new' ? (
        <>
          <p className="muted mt-1">Pick your photos, put them in order, and give the album a title.</p>
          <div className="mt-6">{body}</div>
        </>
      ) : (
        body
      )}
    </div>
  );
}
