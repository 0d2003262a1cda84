import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { BackToMessages, ConversationPane } from '@/components/messages/conversation-pane';
import { MessagesUnavailable } from '@/components/messages/messages-unavailable';
import { formatShortWhen } from '@/lib/events/time';
import { loadConversationPage } from '@/lib/messages/list';
import { idParam, parseId } from '@/lib/params';
import { routes } from '@/lib/routes';
import { readerClock } from '@/lib/time/reader-clock';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One read per request: metadata and page both ask. */
const load = cache((id: number, before: number | undefined) => loadConversationPage(id, before));

const beforeOf = async (searchParams: Props['searchParams']) => {
  const raw = (await searchParams).before;
  return parseId(typeof raw === 'string' ? raw : undefined);
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const data = await load(await idParam(params), await beforeOf(searchParams));
  return { title: data.view?.conversation.title ?? 'Messages' };
}

/** A conversation on its own page (a link to it, "Contact seller" once sent): the messages, live, and the composer. */
export default async function ConversationRoute({ params, searchParams }: Props) {
  const id = await idParam(params);
  const data = await load(id, await beforeOf(searchParams));
  if (data.access !== 'ok') {
    return (
      <div className="mx-auto w-full max-w-3xl">
        <h1 className="text-2xl font-bold tracking-tight">Messages</h1>
        <MessagesUnavailable access={data.access} />
      </div>
    );
  }
  if (!data.view) notFound();
  const item = data.view.conversation.item;
  const itemWhen = item?.type === 'event' && item.start ? formatShortWhen(item.start, await readerClock()) : undefined;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <ConversationPane
        view={data.view}
        level={1}
        backLink={<BackToMessages href={routes.messages()} className="w-full" />}
        hrefOf={(before) => routes.conversation(id, before)}
        itemWhen={itemWhen}
        recount={data.unread}
      />
    </div>
  );
}
