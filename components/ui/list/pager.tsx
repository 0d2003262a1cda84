import { buttonStyles } from '../button';

export type PagerProps = {
  /** "Pages of posts" */
  label: string;
  page: number;
  /** Whether another page follows. */
  more: boolean;
  hrefOf: (page: number) => string;
  /** The links' words, when a list's order gives them better ones (notifications: Newer, Older). */
  prev?: string;
  next?: string;
};

/** Previous page, the page's number, next page (plain links): nothing at all on a lone first page. */
export function Pager({ label, page, more, hrefOf, prev = 'Previous page', next = 'Next page' }: PagerProps) {
  if (page <= 1 && !more) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <a href={hrefOf(page - 1)} className={buttonStyles.secondary} rel="prev">
          {prev}
        </a>
      ) : (
        <span />
      )}
      <span className="muted">Page {page}</span>
      {more ? (
        <a href={hrefOf(page + 1)} className={buttonStyles.secondary} rel="next">
          {next}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
