import { AlbumFilterForm, AlbumGrid, AlbumTabs, ALBUMS_PER_PAGE, filterQuery, Pager, type AlbumFilters } from './album-list';
import type { AlbumCard } from '@/lib/social-api/albums';
import { routes } from '@/lib/routes';

export type AlbumsPageProps = {
  mine: boolean;
  filters: AlbumFilters;
  albums: AlbumCard[];
  categories: Array<{ id: number; title: string }>;
  /** Whose albums these are (?user_id=). */
  memberName?: string;
};

/** /albums and /albums/my: heading, "New album", tabs, filters, grid, pager. */
export function AlbumsPage({ mine, filters, albums, categories, memberName }: AlbumsPageProps) {
  const link = mine ? routes.myAlbums : routes.albums;
  const title = mine ? 'My albums' : filters.userId ? `${memberName ?? 'This member'}’s albums` : 'Albums';
  return (
    <div className="mx-auto w-full max-w-5xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <a href={routes.addPhotos()} className="btn btn-primary">
          New album
        </a>
      </div>
      <div className="mt-4">
        <AlbumTabs mine={mine} />
      </div>
      <AlbumFilterForm filters={filters} categories={categories} action={mine ? routes.myAlbums() : routes.albums()} />
      <AlbumGrid
        albums={albums}
        empty={
          filters.page > 1
            ? 'No more albums.'
            : filters.keywords || filters.categoryId
              ? 'No album matches these filters.'
              : mine
                ? 'You have no albums yet.'
                : 'No albums yet.'
        }
      />
      <Pager
        page={filters.page}
        hasNext={albums.length >= ALBUMS_PER_PAGE}
        href={(p) => link(filterQuery(filters, p))}
        label="Pages of albums"
      />
    </div>
  );
}
