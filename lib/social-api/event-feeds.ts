import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isApiError, isMissingExtension } from './errors.ts';
import { id, lenientArray, num, str } from './primitives.ts';

// Calendar feeds of one's events (our API's extension, docs/api.md, "Extensions": Calendar feeds):
// made and revoked with the person's token; read with the feed's secret alone, as calendar apps
// poll it.

const createdSchema = z.looseObject({ id, secret: str, created_at: num });
const feedSchema = z.looseObject({ id, created_at: num });
const feedEventSchema = z.looseObject({
  id,
  title: str,
  description: str,
  location: str,
  timezone: str,
  start_at: num,
  end_at: num,
  updated_at: num,
});

export interface EventFeed {
  id: number;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** Makes a feed (the one the person had stops): answers its secret, told only now; undefined when the API has no feeds. */
export async function createEventFeed(token: string): Promise<(EventFeed & { secret: string }) | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), '/events/feeds', { token, method: 'POST', form: {} });
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
  const d = createdSchema.parse(data);
  if (!d.secret) throw new Error('The API did not answer the feed’s secret.');
  return { id: d.id, secret: d.secret, createdAt: d.created_at * 1000 };
}

/** The person's feeds in force; undefined when the API has no calendar feeds (isMissingExtension). */
export async function listEventFeeds(token: string): Promise<EventFeed[] | undefined> {
  try {
    return lenientArray(feedSchema)
      .parse(await apiFetch(apiConfig(), '/events/feeds', { token }))
      .map((f) => ({ id: f.id, createdAt: f.created_at * 1000 }));
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
}

export async function revokeEventFeed(token: string, feedId: number): Promise<void> {
  await apiFetch(apiConfig(), `/events/feeds/${feedId}`, { token, method: 'DELETE' });
}

/** An event of a calendar feed: what a calendar file writes of it (lib/events/ics.ts adds its page's address). */
export interface FeedEvent {
  id: number;
  title: string;
  description: string;
  location: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  /** Epoch milliseconds of the last change (LAST-MODIFIED); 0 when unknown. */
  updatedAt: number;
}

/** A feed's events by its secret; undefined for a wrong or revoked one, or an API without feeds. */
export async function readEventFeed(secret: string): Promise<FeedEvent[] | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return undefined;
  try {
    const data = await apiFetch(apiConfig(), `/event_feeds/${secret}`);
    return lenientArray(feedEventSchema)
      .parse(data)
      .map((e) => ({
        id: e.id,
        title: e.title,
        description: e.description,
        location: e.location,
        start: e.start_at * 1000,
        end: e.end_at * 1000,
        updatedAt: e.updated_at * 1000,
      }));
  } catch (e) {
    if (isMissingExtension(e) || isApiError(e, 400)) return undefined;
    throw e;
  }
}
