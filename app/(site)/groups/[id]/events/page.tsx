import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { GroupEventsPage } from '@/components/groups/events-page';
import { loadGroupEvents, tabPageOf, type GroupTabRouteProps } from '@/lib/groups/group-page';
import { idParam } from '@/lib/params';
import { readerClock } from '@/lib/time/reader-clock';

/** One read per request: metadata and page both ask. */
const load = cache((id: number, page: number) => loadGroupEvents(id, page));

export async function generateMetadata({ params, searchParams }: GroupTabRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params), await tabPageOf(searchParams));
  return data ? { title: `Events · ${data.group.title}` } : {};
}

/** A group's Events tab: its upcoming events, and "Create event" for those who may. */
export default async function GroupEventsRoute({ params, searchParams }: GroupTabRouteProps) {
  const [data, clock] = await Promise.all([load(await idParam(params), await tabPageOf(searchParams)), readerClock()]);
  if (!data) notFound();
  return <GroupEventsPage {...data} clock={clock} />;
}
