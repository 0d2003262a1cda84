import type { ItemMessageCount } from '@/lib/messages/item-counts';
import type { MessageItemRef } from '@/lib/messages/list-query';
import { routes } from '@/lib/routes';

/**
 * A dashboard row's "Messages" cell: the owner's conversations about the item ("3 (1 new)"),
 * linking to them on /messages; "—" without a link when there are none.
 */
export function ItemMessagesCell({ item, title, count }: { item: MessageItemRef; title: string; count?: ItemMessageCount }) {
  if (!count?.total) {
    return (
      <>
        <span aria-hidden="true" className="muted">
          —
        </span>
        <span className="sr-only">No messages about {title}</span>
      </>
    );
  }
  const shown = `${count.total}${count.unread ? ` (${count.unread} new)` : ''}`;
  return (
    <a
      href={routes.messages({ item })}
      className={count.unread ? 'link font-semibold' : 'link'}
      // The figure first, as shown (voice control), then what it counts.
      aria-label={`${shown}: ${count.total === 1 ? 'conversation' : 'conversations'} about ${title}`}
    >
      {shown}
    </a>
  );
}
