import ical, { ICalCalendarMethod } from 'ical-generator';
import { plainFileName } from '../file-name.ts';

// Calendar files (RFC 5545) built with ical-generator, which escapes text and folds lines at 75
// octets without splitting a UTF-8 character. Instants are written in UTC (DTSTART:…Z), which
// every calendar app places at the right moment without a VTIMEZONE; the event's own zone goes
// along as X-WR-TIMEZONE-like information only where the app wants it. No member names: only
// what the event page shows its readers about the event itself.

export interface IcsEvent {
  id: number;
  title: string;
  description: string;
  location: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  /** Epoch milliseconds of the last change (LAST-MODIFIED); 0 when unknown. */
  updatedAt: number;
  /** The event's page. */
  url: string;
}

/** A stable UID per event and site. */
export function eventUid(id: number, host: string): string {
  return `event-${id}@${host}`;
}

function calendarOf(name: string, host: string, events: readonly IcsEvent[], now: number, method?: ICalCalendarMethod) {
  const cal = ical({ name, prodId: { company: host, product: 'events', language: 'EN' }, ...(method ? { method } : {}) });
  for (const e of events) {
    cal.createEvent({
      id: eventUid(e.id, host),
      start: new Date(e.start),
      end: new Date(Math.max(e.end, e.start)),
      stamp: new Date(now),
      ...(e.updatedAt ? { lastModified: new Date(e.updatedAt) } : {}),
      summary: e.title,
      description: e.description || null,
      location: e.location || null,
      url: e.url,
    });
  }
  return cal;
}

/** One event as a .ics file (text/calendar, one VEVENT, METHOD:PUBLISH). */
export function eventIcs(event: IcsEvent, host: string, now = Date.now()): string {
  return calendarOf(event.title, host, [event], now, ICalCalendarMethod.PUBLISH).toString();
}

/** A calendar feed of several events (what calendar apps poll). */
export function feedIcs(name: string, events: readonly IcsEvent[], host: string, now = Date.now()): string {
  const cal = calendarOf(name, host, events, now);
  // Ask apps to poll hourly (RFC 7986 REFRESH-INTERVAL; X-PUBLISHED-TTL for older ones).
  cal.ttl(3600);
  return cal.toString();
}

/** The file name of an event's .ics: its title in plain letters. */
export const icsFileName = (title: string): string => `${plainFileName(title, 'event')}.ics`;
