// Where and how a reader reads times: the zone and locale of the request, an instant's wall clock
// and its day in a zone. Pure functions (Intl), for the server and the browser alike; events,
// notifications and search read times through them. Formatters are built once and kept
// (shared/time/kept.ts): building one costs far more than formatting with it.

import { dateTimeFormat } from '#shared/time/kept.ts';

/** Where and how a reader reads times: an IANA zone and a BCP 47 locale. */
export interface ReaderClock {
  zone: string;
  locale: string;
}

const DEFAULT_CLOCK: ReaderClock = { zone: 'UTC', locale: 'en-US' };

/** A valid IANA zone name (as Intl knows it), else undefined. */
export function validZone(zone: string | undefined): string | undefined {
  if (!zone || zone.length > 64) return undefined;
  try {
    return dateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The first locale of an Accept-Language header that Intl supports, else en-US. */
export function localeFrom(acceptLanguage: string | null | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',').slice(0, 8)) {
    const tag = part.split(';')[0]!.trim();
    if (!tag || tag === '*') continue;
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // Not a well-formed tag: try the next one.
    }
  }
  return DEFAULT_CLOCK.locale;
}

/** Wall-clock parts of an instant in a zone. */
export function wallParts(ms: number, zone: string): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = dateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function dayKey(ms: number, zone: string): string {
  const p = wallParts(ms, zone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}
