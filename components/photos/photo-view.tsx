import type { ReactNode } from 'react';
import { NeighbourLink } from './neighbour-link';
import type { PhotoDetail } from '@/lib/social-api/albums';
import { routes } from '@/lib/routes';
import { PhotoKeys } from './photo-keys';
import { TaggedPhoto } from './tags/tagged-photo';
import { AltBadge } from './alt-badge';
import { ZoomablePhoto } from './zoomable-photo';

export const photoName = (photo: Pick<PhotoDetail, 'title' | 'index'>) => photo.title || `Photo ${photo.index + 1}`;

/**
 * A photo large, with its position and the way to its neighbours: the body of /photos/{id} and
 * of the viewer over an album or the feed. `children` go below the picture (caption, social layer…).
 */
export function PhotoView({
  photo,
  headingId,
  inViewer = false,
  children,
}: {
  photo: PhotoDetail;
  headingId?: string;
  inViewer?: boolean;
  children?: ReactNode;
}) {
  const previous = photo.previous ? routes.photo(photo.previous.id) : undefined;
  const next = photo.next ? routes.photo(photo.next.id) : undefined;
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id={headingId} className="text-2xl font-bold tracking-tight">
          {photoName(photo)}
        </h1>
        <p className="muted text-sm">
          <a href={routes.album(photo.album.id)} className="link">
            {photo.album.title}
          </a>
          {photo.album.photoCount === undefined ? null : ` · ${photo.index + 1} of ${photo.album.photoCount}`}
        </p>
      </div>
      {/* A fixed box: the picture is fitted into it, so nothing moves when it arrives. */}
      <div className="relative mt-3 flex h-[min(70vh,48rem)] items-center justify-center overflow-hidden rounded-lg bg-slate-900">
        <ZoomablePhoto>
          <TaggedPhoto
            src={photo.img}
            // The description is the alt text; without one, the title, else its place in the album.
            alt={photo.caption.trim() || photo.title || `Photo ${photo.index + 1} of ${photo.album.title}`}
            className="max-h-[min(70vh,48rem)] max-w-full object-contain"
          />
        </ZoomablePhoto>
        {photo.caption.trim() ? <AltBadge text={photo.caption.trim()} /> : null}
      </div>
      <nav aria-label="Photos of the album" className="mt-3 flex items-center justify-between gap-3">
        {previous ? (
          <NeighbourLink href={previous} rel="prev" replace={inViewer}>
            ← Previous
          </NeighbourLink>
        ) : (
          <span />
        )}
        {/* Through the web app, which checks the reader may see it and hands it over as a file. */}
        <a href={routes.photoOriginal(photo.id)} download className="link text-sm">
          Download original
        </a>
        {next ? (
          <NeighbourLink href={next} rel="next" replace={inViewer}>
            Next →
          </NeighbourLink>
        ) : (
          <span />
        )}
      </nav>
      <PhotoKeys
        previous={previous}
        next={next}
        neighbourIds={[photo.previous?.id, photo.next?.id].filter((n): n is number => n !== undefined)}
        replace={inViewer}
      />
      {photo.caption ? <p className="mt-3 whitespace-pre-line">{photo.caption}</p> : null}
      {children}
    </div>
  );
}
