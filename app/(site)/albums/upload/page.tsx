import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { PhotoUploader } from '@/components/albums/upload/photo-uploader';
import { loadPage } from '@/lib/auth/page-session';
import { env } from '@/lib/env';
import { parseId } from '@/lib/params';
import { itemHref, routes } from '@/lib/routes';
import { getUploadTarget, type UploadTargetAlbum } from '@/lib/social-api/album-upload';
import { getCachedAlbumChoices } from '@/lib/albums/choices';

export const metadata: Metadata = { title: 'Add photos' };

export type AddPhotosPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * "Add photos": to an album the reader may add to (?album={id}; an id that names no album the
 * reader may see is 404), or to a new album made with them. The photos upload one by one as
 * they are picked (components/albums/upload).
 */
export default async function AddPhotosPage({ searchParams }: AddPhotosPageProps) {
  const raw = (await searchParams).album;
  const albumId = raw === undefined ? undefined : parseId(typeof raw === 'string' ? raw : undefined);
  if (raw !== undefined && albumId === undefined) notFound();
  const maxBytes = env().UPLOAD_MAX_BYTES;

  if (albumId === undefined) {
    const choices = await loadPage((s) => getCachedAlbumChoices(s));
    return (
      <AddPhotos intro="Pick your photos, put them in order, and give the album a title.">
        <PhotoUploader maxBytes={maxBytes} target={{ kind: 'new', choices }} />
      </AddPhotos>
    );
  }

  const album = await loadPage((s) => getUploadTarget(s.accessToken, albumId));
  if (!album) notFound();
  return (
    <AddPhotos intro={<ToAlbum album={album} />}>
      {album.canUpload ? (
        <PhotoUploader maxBytes={maxBytes} target={{ kind: 'existing', albumId: album.id, title: album.title }} />
      ) : (
        <p className="card">You cannot add photos to this album.</p>
      )}
    </AddPhotos>
  );
}

function AddPhotos({ intro, children }: { intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">Add photos</h1>
      <p className="muted mt-1">{intro}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** "To the album Summer." with a way to a new album instead. */
function ToAlbum({ album }: { album: UploadTargetAlbum }) {
  const href = itemHref({ type: 'album', id: album.id });
  return (
    <>
      To the album{' '}
      {href ? (
        <a href={href} className="link">
          {album.title}
        </a>
      ) : (
        <strong>{album.title}</strong>
      )}
      .{' '}
      <a href={routes.addPhotos()} className="link">
        Make a new album instead
      </a>
    </>
  );
}
