import ical, { escape, ICalCalendarMethod } from 'ical-generator';
import { plainFileName } from '../file-name.ts';
import type { FeedEvent } from '../social-api/event-feeds.ts';

// Calendar files (RFC 5545) built with ical-generator, which folds lines at 75 octets without
// splitting a UTF-8 character and escapes SUMMARY, DESCRIPTION and LOCATION (not the calendar's
// name: see calendarName). Instants are written in UTC (DTSTART:…Z), which every calendar app
// places at the right moment without a VTIMEZONE; the event's own zone goes along as
// X-WR-TIMEZONE-like information only where the app wants it. No member names: only what the
// event page shows its readers about the event itself.

/** An event as a calendar file writes it: a feed's event, or the one an event page offers, with its page. */
export interface IcsEvent extends FeedEvent {
  /** The event's page. */
  url: string;
}

/** A stable UID per event and site. */
export function eventUid(id: number, host: string): string {
  return `event-${id}@${host}`;
}

// RFC 5545 §3.3.11: a TEXT value holds no control character but HTAB. Line breaks stay (the
// escaping writes them as \n); the rest (NUL, ESC, DEL, …) is dropped from every text value.
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const text = (value: string): string => value.replace(CONTROLS, '');

/**
 * The calendar's name, TEXT-escaped here because ical-generator (11.x) writes NAME and
 * X-WR-CALNAME raw: a title with `\r\n` began new properties and whole VEVENTs of the
 * author's choosing in every reader's calendar (issue 52). Its own `escape` is the one it
 * applies to SUMMARY, so every field reads back the same; the parser test guards against the
 * library escaping it a second time one day.
 */
const calendarName = (name: string): string => escape(text(name), false);

function calendarOf(name: string, host: string, events: readonly IcsEvent[], now: number, method?: ICalCalendarMethod) {
  const cal = ical({
    name: calendarName(name),
    prodId: { company: host, product: 'events', language: 'EN' },
    ...(method ? { method } : {}),
  });
  for (const e of events) {
    cal.createEvent({
      id: eventUid(e.id, host),
      start: new Date(e.start),
      end: new Date(Math.max(e.end, e.start)),
      stamp: new Date(now),
      ...(e.updatedAt ? { lastModified: new Date(e.updatedAt) } : {}),
      summary: text(e.title),
      description: text(e.description) || null,
      location: text(e.location) || null,
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

/**
 * The download's Content-Disposition: `attachment` with the plain file name, which holds
 * letters, digits, `_` and `-` only, so nothing in a title can end the quoted string or the
 * header (RFC 6266; no filename* since nothing outside ASCII is kept).
 */
export const icsDisposition = (title: string): string => `attachment; filename="${icsFileName(title)}"`;
