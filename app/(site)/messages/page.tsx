import type { Metadata } from 'next';
import { MessagesPage } from '@/components/messages/messages-page';
import { formatShortWhen } from '@/lib/events/time';
import { loadMessages, type MessagesRouteProps } from '@/lib/messages/list';
import { readerClock } from '@/lib/time/reader-clock';

export const metadata: Metadata = { title: 'Messages' };

/** The reader's conversations, and the one opened from them beside the list (lib/messages/list.ts). */
export default async function MessagesRoute(props: MessagesRouteProps) {
  const data = await loadMessages(props);
  const item = data.open?.conversation.item;
  const itemWhen = item?.type === 'event' && item.start ? formatShortWhen(item.start, await readerClock()) : undefined;
  return <MessagesPage {...data} itemWhen={itemWhen} />;
}
