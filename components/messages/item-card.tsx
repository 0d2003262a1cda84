import { itemHref } from '@/lib/routes';
import type { MessageItem } from '@/lib/social-api/messages';

export type ItemCardProps = {
  item: MessageItem;
  /** An event's start in the reader's zone and words ("Sat, Mar 29, 3:00 PM"). */
  when?: string;
};

/** What a conversation is about, above it: a listing's picture, price and status, an event's picture and date. */
export function ItemCard({ item, when }: ItemCardProps) {
  const href = itemHref(item);
  const status = item.type === 'classified' ? (item.closed ? 'Closed' : 'Open') : item.closed ? 'Ended' : undefined;
  return (
    <aside
      aria-label={item.type === 'classified' ? 'The listing' : 'The event'}
      className="mt-3 flex items-center gap-3 rounded-xl border border-slate-200 p-2 dark:border-slate-800"
    >
      {item.image ? (
        <img src={item.image} alt="" width={56} height={56} className="size-14 shrink-0 rounded-lg object-cover" />
      ) : (
        <span aria-hidden="true" className="size-14 shrink-0 rounded-lg bg-slate-100 dark:bg-slate-800" />
      )}
      <div className="min-w-0 flex-1 text-sm">
        <p className="truncate font-semibold">
          {href ? (
            <a href={href} className="hover:underline">
              {item.title}
            </a>
          ) : (
            item.title
          )}
        </p>
        <p className="muted">{[item.type === 'classified' ? item.price || 'No price given' : when, status].filter(Boolean).join(' · ')}</p>
      </div>
    </aside>
  );
}
