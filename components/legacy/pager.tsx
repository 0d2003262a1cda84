import type { LegacyPage } from '@/lib/legacy/client';

export type PagerProps = { paging: LegacyPage; path: string; label: string };

/** Previous and next page of a legacy list (the API's ten a page), with where one is. */
export function Pager({ paging, path, label }: PagerProps) {
  if (paging.pages <= 1) return null;
  const page = Math.max(1, paging.page);
  const link = (n: number, text: string, rel: string) => (
    <a href={n === 1 ? path : `${path}?page=${n}`} rel={rel} className="btn-ghost">
      {text}
    </a>
  );
  return (
    <nav aria-label={`${label} pages`} className="mt-6 flex items-center gap-3">
      {page > 1 ? link(page - 1, 'Previous page', 'prev') : null}
      <span className="muted text-sm">
        Page {page} of {paging.pages}
      </span>
      {page < paging.pages ? link(page + 1, 'Next page', 'next') : null}
    </nav>
  );
}
