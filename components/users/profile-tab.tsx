import type { ReactNode } from 'react';
import { ListResults, type Noun } from '@/components/ui/list/list-results';
import { Pager } from '@/components/ui/list/pager';
import type { ListPageData } from '@/lib/list-page';

export type ProfileTabProps<T extends { id: number }> = {
  /** "Alice’s albums": the tab's heading (for screen readers; the tab says it to the eye). */
  title: string;
  list: ListPageData<T>;
  noun: Noun;
  /** What an empty tab says, and on one's own profile the way to make the first. */
  empty: ReactNode;
  item: (item: T, index: number) => ReactNode;
  className?: string;
  /** The tab's page `n`. */
  hrefOf: (page: number) => string;
  /** A search within the tab's list is on (Friends): an empty answer is about it. */
  filtered?: boolean;
};

/** One tab of a member's profile: the module's items with the list-page kit's results and pager. */
export function ProfileTab<T extends { id: number }>({
  title,
  list,
  noun,
  empty,
  item,
  className,
  hrefOf,
  filtered = false,
}: ProfileTabProps<T>) {
  return (
    <section aria-label={title}>
      <ListResults list={list} noun={noun} filtered={filtered} clearHref={hrefOf(1)} empty={empty} item={item} className={className} />
      <Pager label={`Pages of ${noun[1]}`} page={list.page} more={list.more} hrefOf={hrefOf} />
    </section>
  );
}

/** "Alice has not … yet." on someone's profile; on one's own, "You have not … yet." and the way to start. */
export function emptyTab(own: boolean, name: string, what: string, start?: { href: string; label: string }): ReactNode {
  if (!own) return `${name.split(' ')[0]} has not ${what} yet.`;
  return (
    <>
      You have not {what} yet.{' '}
      {start ? (
        <a href={start.href} className="link">
          {start.label}
        </a>
      ) : null}
    </>
  );
}
