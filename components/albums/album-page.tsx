import type { ReactNode } from 'react';
import { SocialBar } from '@/components/social/social-bar';
import { Avatar } from '@/components/ui/avatar';
import type { AlbumDetail } from '@/lib/social-api/albums';
import type { Social } from '@/lib/social-api/core';
import { routes } from '@/lib/routes';
import { Pager } from '@/components/ui/list/pager';
import { PhotoGrid } from './photo-grid';

export type AlbumPageProps = {
  album: AlbumDetail;
  social: Social;
  photoPage: number;
  photosPerPage: number;
  /** The owner's tools (edit, delete, reorder), when the flags allow them. */
  manage?: ReactNode;
  /** The owner's "Reorder photos", above the grid. */
  reorder?: ReactNode;
};

/** /albums/{id}: title, owner, category (with a server that tells it), description, the photos a page at a time, the social layer. */
export function AlbumPage({ album, social, photoPage, photosPerPage, manage, reorder }: AlbumPageProps) {
  const pages = Math.max(1, Math.ceil(album.photoCount / photosPerPage));
  return (
    <article className="mx-auto w-full max-w-5xl">
      <header className="card">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">{album.title}</h1>
            <p className="muted mt-1 flex items-center gap-2 text-sm">
              <Avatar person={album.owner} size="xs" />
              <a href={routes.user(album.owner.id)} className="link">
                {album.owner.name}
              </a>
              <span aria-hidden="true">·</span>
              <span>
                {album.photoCount} {album.photoCount === 1 ? 'photo' : 'photos'}
              </span>
              {album.category ? (
                <>
                  <span aria-hidden="true">·</span>
                  <a
                    href={routes.albums({ category: album.category.id })}
                    className="link"
                    aria-label={`Category: ${album.category.title}`}
                  >
                    {album.category.title}
                  </a>
                </>
              ) : null}
              <span aria-hidden="true">·</span>
              <a href={routes.albums({ user: album.owner.id })} className="link">
                More albums
              </a>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {album.can.upload ? (
              <a href={routes.addPhotos(album.id)} className="btn btn-primary">
                Add photos
              </a>
            ) : null}
            {manage}
          </div>
        </div>
        {album.description ? <p className="mt-3 whitespace-pre-line">{album.description}</p> : null}
        <SocialBar social={social} ownerId={album.owner.id} label={`the album “${album.title}”`} what="this album" />
      </header>
      <section aria-label="Photos" className="mt-6">
        {reorder}
        {album.photoCount === 0 ? (
          <p className="card">No photos in this album yet.</p>
        ) : album.photos.length === 0 ? (
          <p className="card">
            No more photos: this album has {pages} {pages === 1 ? 'page' : 'pages'}.
          </p>
        ) : (
          <PhotoGrid photos={album.photos} albumTitle={album.title} firstIndex={(photoPage - 1) * photosPerPage} />
        )}
        <Pager label="Pages of photos" page={photoPage} more={photoPage < pages} hrefOf={(p) => routes.album(album.id, p)} />
      </section>
    </article>
  );
}
