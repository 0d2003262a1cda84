import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { GroupEventsPage } from '@/components/groups/events-page';
import { loadGroupEvents, tabPageOf, tabWhenOf, type GroupTabRouteProps } from '@/lib/groups/group-page';
import type { GroupEventsWhen } from '@/lib/social-api/group-tabs';
import { idParam } from '@/lib/params';
import { readerClock } from '@/lib/time/reader-clock';

/** One read per request: metadata and page both ask. */
const load = cache((id: number, page: number, when: GroupEventsWhen) => loadGroupEvents(id, page, when));

type Props = GroupTabRouteProps & { searchParams: Promise<{ when?: string | string[] }> };

const read = async ({ params, searchParams }: Props) => {
  const when = await tabWhenOf(searchParams);
  return { when, data: await load(await idParam(params), await tabPageOf(searchParams), when) };
};

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { when, data } = await read(props);
  return data ? { title: `${when === 'past' ? 'Past events' : 'Events'} · ${data.group.title}` } : {};
}

/** A group's Events tab: its upcoming events (or, `?when=past`, those that have ended), and "Create event" for those who may. */
export default async function GroupEventsRoute(props: Props) {
  const [{ when, data }, clock] = await Promise.all([read(props), readerClock()]);
  if (!data) notFound();
  return <GroupEventsPage {...data} past={when === 'past'} clock={clock} />;
}
