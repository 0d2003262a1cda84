import type { Chip } from '@/lib/list-query';

/** The filters in force, each a chip whose link is the same list without it, and the way to none (lib/list-query.ts `chipsOf`). */
export function ActiveFilters({ chips, clearHref }: { chips: Chip[]; clearHref: string }) {
  if (!chips.length) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Active filters</h2>
      <ul aria-label="Active filters" className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <a
              href={chip.href}
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-900 hover:bg-indigo-100 dark:bg-indigo-950/60 dark:text-indigo-100 dark:hover:bg-indigo-900"
            >
              {chip.label}
              <span aria-hidden="true">×</span>
            </a>
          </li>
        ))}
      </ul>
      <a href={clearHref} className="link text-sm">
        Clear all filters
      </a>
    </div>
  );
}
