import type { ReactNode } from 'react';
import type { ListPageData } from '@/lib/list-page';

// What a list page shows of its results, the same on every list: the filters the API refused,
// nothing to show (and why), or how many there are and the items.

/** What a list holds, one and many: ['post', 'posts']. */
export type Noun = readonly [one: string, many: string];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "3 posts" on a lone page; "Posts 11–20" on one of several. */
function countLine(shown: number, { page, pageSize, more }: Omit<ListPageData<unknown>, 'items'>, [one, many]: Noun): string {
  if (page === 1 && !more) return `${shown} ${shown === 1 ? one : many}`;
  const first = (page - 1) * pageSize + 1;
  return `${capital(many)} ${first}–${first + shown - 1}`;
}

/** Nothing to show, in a dashed box: why, and the way back to the whole list when filters are why. */
export function EmptyState({ children, clearHref }: { children: ReactNode; clearHref?: string }) {
  return (
    <div role="status" className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
      <p className="font-medium">{children}</p>
      {clearHref ? (
        <a href={clearHref} className="link mt-2 inline-block">
          Clear the filters
        </a>
      ) : null}
    </div>
  );
}

export type ListResultsProps<T extends { id: number }> = {
  list: ListPageData<T>;
  noun: Noun;
  /** Whether any filter is in force. */
  filtered: boolean;
  /** The list without filters. */
  clearHref: string;
  /** What an empty first page without filters says ("No posts yet."). */
  empty: ReactNode;
  /** One item, when there are some: each is an item of a list (`<li>`). */
  item: (item: T, index: number) => ReactNode;
  /** The list's look: a column of cards without it. */
  className?: string;
  /** The list's accessible name, when it needs one. */
  label?: string;
};

/** The results of a list page: refused filters, an empty state, or the count line and the items. */
export function ListResults<T extends { id: number }>({
  list,
  noun,
  filtered,
  clearHref,
  empty,
  item,
  className = 'space-y-4',
  label,
}: ListResultsProps<T>) {
  const { items, page } = list;
  if (items === undefined) {
    return (
      <p role="alert" className="card mt-6">
        These filters could not be used (the category may no longer exist).{' '}
        <a href={clearHref} className="link">
          See all {noun[1]}
        </a>
      </p>
    );
  }
  if (!items.length) {
    return (
      <EmptyState clearHref={page === 1 && filtered ? clearHref : undefined}>
        {page > 1 ? `No more ${noun[1]}.` : filtered ? `No ${noun[1]} match these filters.` : empty}
      </EmptyState>
    );
  }
  return (
    <>
      <p role="status" className="muted mt-6">
        {countLine(items.length, list, noun)}
      </p>
      <ul className={`mt-3 ${className}`} aria-label={label}>
        {items.map((x, i) => (
          <li key={x.id}>{item(x, i)}</li>
        ))}
      </ul>
    </>
  );
}
