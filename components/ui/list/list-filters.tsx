import type { ReactNode } from 'react';
import { URL_TEXT_MAX } from '@/lib/list-query';
import { buttonStyles } from '../button';

// A list's filters as a GET form: its result is an address in the list's words (lib/list-query.ts),
// so a filtered view is a link, reloads the same, Back goes to the one before, and it works
// without JavaScript. With it, the site's chrome (components/ui/client-links.tsx) sends the form
// as a client navigation to the address without the empty fields, in the words' order.

const COLUMNS = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' } as const;

export type ListFiltersProps<Q extends { q?: string }> = {
  /** "Filter posts" */
  label: string;
  /** The list's words (its listQuery): the form sends them in their order. */
  words: readonly string[];
  /** The list as it is now, and its address for any query: the form goes to the address without one. */
  query: Q;
  hrefOf: (query?: Q) => string;
  /** Words of the query the form keeps without showing them (one member's list, the calendar's month). */
  keep?: Array<keyof Q & string>;
  /** The other fields (CategoryFilter, FilterSelect…), in a grid of `columns`. */
  children?: ReactNode;
  columns?: keyof typeof COLUMNS;
};

/** The filter form every list page uses: keywords and "Search", then the list's own fields. */
export function ListFilters<Q extends { q?: string }>({
  label,
  words,
  query,
  hrefOf,
  keep = [],
  children,
  columns = 3,
}: ListFiltersProps<Q>) {
  return (
    // Keyed by the list's address: another view starts the form afresh (Back shows that view's values, not the last typed).
    <form
      key={hrefOf(query)}
      role="search"
      aria-label={label}
      action={hrefOf()}
      method="get"
      data-filters={words.join(' ')}
      className="card mt-4 space-y-3"
    >
      {keep.map((name) => {
        const value = query[name];
        return value === undefined ? null : <input key={name} type="hidden" name={name} value={value === true ? '1' : String(value)} />;
      })}
      <div className="flex items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="filter-q" className="text-sm font-medium">
            Keywords
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={URL_TEXT_MAX} className="field" />
        </div>
        <button type="submit" className={buttonStyles.primary}>
          Search
        </button>
      </div>
      {children ? <div className={`grid gap-3 ${COLUMNS[columns]}`}>{children}</div> : null}
    </form>
  );
}

/** A labelled select of a filter: its options by value, the default ('') first. */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  options: Record<string, string> | Array<readonly [value: string | number, label: string]>;
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value === undefined ? '' : String(value)} className="field">
        {(Array.isArray(options) ? options : Object.entries(options)).map(([v, text]) => (
          <option key={v} value={String(v)}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The module's categories (category). */
export function CategoryFilter({ value, categories }: { value: number | undefined; categories: Array<{ id: number; title: string }> }) {
  return (
    <FilterSelect
      name="category"
      label="Category"
      value={value}
      options={[['', 'All categories'], ...categories.map((c) => [c.id, c.title] as const)]}
    />
  );
}

/** The order (sort): newest first, or most viewed; a list with other orders names them. */
export function SortFilter({
  value,
  options = { '': 'Newest first', views: 'Most viewed' },
}: {
  value: string | undefined;
  options?: Record<string, string>;
}) {
  return <FilterSelect name="sort" label="Sort by" value={value} options={options} />;
}

/** Everyone's things, or my friends' (show=friends). */
export function FriendsFilter({ label, value }: { label: string; value: string | undefined }) {
  return <FilterSelect name="show" label={label} value={value} options={{ '': 'Everyone', friends: 'My friends' }} />;
}

/** A labelled free-text filter (a location). */
export function FilterText({ name, label, value }: { name: string; label: string; value: string | undefined }) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input id={`filter-${name}`} name={name} type="text" defaultValue={value ?? ''} maxLength={URL_TEXT_MAX} className="field" />
    </div>
  );
}

/** A filter that is on or off (value 1). */
export function FilterCheckbox({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
      <input name={name} type="checkbox" value="1" defaultChecked={checked} className="size-4" />
      {label}
    </label>
  );
}
