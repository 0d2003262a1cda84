import { cookies, headers } from 'next/headers';
import { localeFrom, validZone, type ReaderClock } from './zones.ts';

/**
 * The cookie the browser tells its time zone in (components/ui/zone-sync.tsx sets it): the
 * server cannot know the zone at the first render otherwise. Until it is there times are in UTC,
 * and say so; the page renders again once it is set.
 */
const ZONE_COOKIE = 'tz';

/** The reader's zone (cookie) and locale (Accept-Language), for server components. */
export async function readerClock(): Promise<ReaderClock & { known: boolean }> {
  const [jar, h] = await Promise.all([cookies(), headers()]);
  const zone = validZone(jar.get(ZONE_COOKIE)?.value);
  return { zone: zone ?? 'UTC', locale: localeFrom(h.get('accept-language')), known: zone !== undefined };
}
