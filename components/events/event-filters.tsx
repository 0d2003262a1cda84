import type { EventListQuery } from '@/lib/events/list-query';
import { buttonStyles } from '@/components/ui/button';

export type EventFiltersProps = {
  action: string;
  query: EventListQuery;
  categories: Array<{ id: number; title: string }>;
  /** /events/my has no category, friends or sort filters (the API offers none there). */
  mine: boolean;
};

/**
 * The filters as a plain GET form: its result is an address, so a filtered view is a link and
 * works without JavaScript. The view (list or calendar), month and when travel as hidden fields.
 */
export function EventFilters({ action, query, categories, mine }: EventFiltersProps) {
  return (
    <form role="search" aria-label="Filter events" action={action} method="get" className="card mt-4 space-y-3">
      {query.view ? <input type="hidden" name="view" value={query.view} /> : null}
      {query.month ? <input type="hidden" name="month" value={query.month} /> : null}
      {query.when ? <input type="hidden" name="when" value={query.when} /> : null}
      {query.lead ? <input type="hidden" name="lead" value="1" /> : null}
      <div className="flex items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="event-q" className="text-sm font-medium">
            Keywords
          </label>
          <input id="event-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={100} className="field" />
        </div>
        <button type="submit" className={buttonStyles.primary}>
          Search
        </button>
      </div>
      {mine ? null : (
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor="event-category" className="text-sm font-medium">
              Category
            </label>
            <select id="event-category" name="category" defaultValue={query.category ? String(query.category) : ''} className="field">
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="event-show" className="text-sm font-medium">
              Organised by
            </label>
            <select id="event-show" name="show" defaultValue={query.show ?? ''} className="field">
              <option value="">Everyone</option>
              <option value="friends">My friends</option>
            </select>
          </div>
          <div>
            <label htmlFor="event-sort" className="text-sm font-medium">
              Sort by
            </label>
            <select id="event-sort" name="sort" defaultValue={query.sort ?? ''} className="field">
              <option value="">Start time</option>
              <option value="created">Newest first</option>
              <option value="members">Most people going</option>
            </select>
          </div>
        </div>
      )}
    </form>
  );
}
