import Link from 'next/link';
import type { AlbumCard } from '@/lib/social-api/albums';
import { parseId } from '@/lib/params';
import { routes } from '@/lib/routes';

// The albums pages (/albums, /albums/my): tabs, the filters as a GET form (a filtered view is a
// link that reloads the same and Back works), the grid of cards and the pager. Server components.

export type AlbumFilters = { keywords: string; sort: 'recent' | 'popular'; categoryId?: number; userId?: number; page: number };

type SearchParams = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

/** The filters from the URL; anything unreadable is left out rather than refused. */
export function albumFilters(sp: SearchParams): AlbumFilters {
  return {
    keywords: (one(sp.keywords) ?? '').trim().slice(0, 200),
    sort: one(sp.sort) === 'popular' ? 'popular' : 'recent',
    categoryId: parseId(one(sp.category_id)),
    userId: parseId(one(sp.user_id)),
    page: parseId(one(sp.page)) ?? 1,
  };
}

/** The filters as query parameters (defaults left out). */
export function filterQuery(f: AlbumFilters, page = f.page) {
  return {
    keywords: f.keywords || undefined,
    sort: f.sort === 'popular' ? 'popular' : undefined,
    category_id: f.categoryId,
    user_id: f.userId,
    page: page > 1 ? page : undefined,
  };
}

export const ALBUMS_PER_PAGE = 24;

export function AlbumTabs({ mine }: { mine: boolean }) {
  const tab = (href: string, label: string, current: boolean) => (
    <li>
      <Link
        href={href}
        aria-current={current ? 'page' : undefined}
        className={`inline-block rounded-lg px-3 py-1.5 text-sm font-medium ${current ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Albums">
      <ul className="flex gap-1">
        {tab(routes.albums(), 'All albums', !mine)}
        {tab(routes.myAlbums(), 'My albums', mine)}
      </ul>
    </nav>
  );
}

/** Keywords, sort and category: a GET form, so the filtered view is a plain link. */
export function AlbumFilterForm({
  filters,
  categories,
  action,
}: {
  filters: AlbumFilters;
  categories: Array<{ id: number; title: string }>;
  action: string;
}) {
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label="Filter albums"
      className="card mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
    >
      {filters.userId ? <input type="hidden" name="user_id" value={filters.userId} /> : null}
      <div>
        <label htmlFor="album-keywords" className="text-sm font-medium">
          Keywords
        </label>
        <input id="album-keywords" name="keywords" type="search" defaultValue={filters.keywords} maxLength={200} className="field" />
      </div>
      <div>
        <label htmlFor="album-sort" className="text-sm font-medium">
          Sort
        </label>
        <select id="album-sort" name="sort" defaultValue={filters.sort} className="field">
          <option value="recent">Most recent</option>
          <option value="popular">Most popular</option>
        </select>
      </div>
      <div>
        <label htmlFor="album-category" className="text-sm font-medium">
          Category
        </label>
        <select
          id="album-category"
          name="category_id"
          defaultValue={filters.categoryId ? String(filters.categoryId) : ''}
          className="field"
        >
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary">
        Show albums
      </button>
    </form>
  );
}

/** The cards: cover (space reserved, lazy), title, owner, photo count. */
export function AlbumGrid({ albums, empty }: { albums: AlbumCard[]; empty: string }) {
  if (!albums.length) return <p className="card mt-6">{empty}</p>;
  return (
    <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Albums">
      {albums.map((a) => (
        <li key={a.id} className="card overflow-hidden p-0" data-kb-item="">
          <a href={routes.album(a.id)} className="block">
            {a.thumb ? (
              <img
                src={a.thumb}
                alt=""
                width={240}
                height={240}
                loading="lazy"
                decoding="async"
                className="aspect-square w-full bg-slate-100 object-cover dark:bg-slate-800"
              />
            ) : (
              <span aria-hidden="true" className="block aspect-square w-full bg-slate-100 dark:bg-slate-800" />
            )}
            <span className="block px-3 pt-2 font-semibold">{a.title}</span>
          </a>
          <p className="muted px-3 pb-3 text-sm">
            <a href={routes.user(a.owner.id)} className="link">
              {a.owner.name}
            </a>{' '}
            · {a.photoCount} {a.photoCount === 1 ? 'photo' : 'photos'}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Previous / next page links; `hasNext` when the page was full. */
export function Pager({ page, hasNext, href, label }: { page: number; hasNext: boolean; href: (page: number) => string; label: string }) {
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4">
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev" className="btn btn-secondary">
          Previous page
        </a>
      ) : (
        <span />
      )}
      <span className="muted text-sm">Page {page}</span>
      {hasNext ? (
        <a href={href(page + 1)} rel="next" className="btn btn-secondary">
          Next page
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
