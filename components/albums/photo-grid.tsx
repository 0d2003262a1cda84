import type { PhotoThumb } from '@/lib/social-api/albums';
import { routes } from '@/lib/routes';
import { pictureLoading } from '@/components/ui/picture-loading';

/**
 * An album's photos: thumbnails in a grid, each a link to its photo. The images load lazily and
 * their square is reserved (width, height and aspect-ratio), so nothing moves as they arrive; the
 * first row's (six across on a wide screen) are not lazy (pictureLoading).
 */
export function PhotoGrid({ photos, albumTitle, firstIndex }: { photos: PhotoThumb[]; albumTitle: string; firstIndex: number }) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6" aria-label={`Photos of ${albumTitle}`}>
      {photos.map((p, i) => (
        <li key={p.id}>
          <a
            href={routes.photo(p.id)}
            data-photo-id={p.id}
            className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {/* The link's name: the photo's description, else which photo of the album it opens (by its number, as the viewer says it). */}
            <img
              src={p.thumb}
              alt={p.alt || `Photo ${firstIndex + i + 1}`}
              width={240}
              height={240}
              loading={pictureLoading(i < 6)}
              decoding="async"
              className="aspect-square w-full rounded-md bg-slate-100 object-cover dark:bg-slate-800"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
