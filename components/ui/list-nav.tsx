import type { ReactNode } from 'react';
import { buttonStyles } from './button';

// The pieces every list page shares: its tabs (links to its sibling lists) and the way to the
// page before and after. Server components: plain links.

/** One tab of a list page's tabs (a link; the current one says so). */
export function ListTab({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <a
      href={href}
      aria-current={current ? 'page' : undefined}
      className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
        current
          ? 'border-indigo-600 text-indigo-800 dark:border-indigo-400 dark:text-indigo-200'
          : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
      }`}
    >
      {children}
    </a>
  );
}

export type PagerProps = {
  /** "Pages of posts" */
  label: string;
  page: number;
  /** Whether another page follows. */
  more: boolean;
  hrefOf: (page: number) => string;
};

/** Previous page, the page's number, next page: nothing at all on a lone first page. */
export function Pager({ label, page, more, hrefOf }: PagerProps) {
  if (page <= 1 && !more) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <a href={hrefOf(page - 1)} className={buttonStyles.secondary} rel="prev">
          Previous page
        </a>
      ) : (
        <span />
      )}
      <span className="muted">Page {page}</span>
      {more ? (
        <a href={hrefOf(page + 1)} className={buttonStyles.secondary} rel="next">
          Next page
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
