import type { Metadata } from 'next';
import { NewMessagePage } from '@/components/messages/new-message-page';
import { formatShortWhen } from '@/lib/events/time';
import type { SearchParams } from '@/lib/list-query';
import { loadNewMessage } from '@/lib/messages/compose';
import { readerClock } from '@/lib/time/reader-clock';

export const metadata: Metadata = { title: 'New message' };

/** A new message: to friends chosen here, to a member ("Message"), about a listing or an event ("Contact seller"). */
export default async function NewMessageRoute({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const data = await loadNewMessage(searchParams);
  const item = data.about?.item;
  const itemWhen = item?.type === 'event' && item.start ? formatShortWhen(item.start, await readerClock()) : undefined;
  return <NewMessagePage {...data} itemWhen={itemWhen} />;
}
