import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { eventIcs, eventUid, feedIcs, icsDisposition, icsFileName, type IcsEvent } from './ics.ts';

// The calendar files against RFC 5545: CRLF lines of at most 75 octets, folded with a space and
// never inside a UTF-8 character; text escaped; instants in UTC whatever the event's zone.

const event = (over: Partial<IcsEvent> = {}): IcsEvent => ({
  id: 42,
  title: 'Sommerfest',
  description: 'Grillen',
  location: 'Hof',
  // 29 March 2031 20:00 in Berlin (UTC+1) to 30 March 03:30 (UTC+2, after the switch).
  start: Date.UTC(2031, 2, 29, 19, 0),
  end: Date.UTC(2031, 2, 30, 1, 30),
  updatedAt: Date.UTC(2031, 0, 2, 3, 4, 5),
  url: 'https://social.example/events/42',
  ...over,
});

/** RFC 5545 §3.1: unfold by removing CRLF followed by one space or tab. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
const field = (text: string, name: string) =>
  unfold(text)
    .split('\r\n')
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));

describe('eventIcs', () => {
  it('one VEVENT with a stable UID, UTC instants across a DST change, the page’s URL and LAST-MODIFIED', () => {
    const ics = eventIcs(event(), 'social.example', Date.UTC(2031, 0, 10));
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(field(ics, 'UID')).toBe(`UID:${eventUid(42, 'social.example')}`);
    expect(field(ics, 'DTSTART')).toBe('DTSTART:20310329T190000Z');
    expect(field(ics, 'DTEND')).toBe('DTEND:20310330T013000Z');
    expect(field(ics, 'DTSTAMP')).toBe('DTSTAMP:20310110T000000Z');
    expect(field(ics, 'LAST-MODIFIED')).toBe('LAST-MODIFIED:20310102T030405Z');
    expect(field(ics, 'URL')).toMatch(/^URL(;VALUE=URI)?:https:\/\/social\.example\/events\/42$/);
    expect(field(ics, 'SUMMARY')).toBe('SUMMARY:Sommerfest');
    expect(field(ics, 'METHOD')).toBe('METHOD:PUBLISH');
  });

  it('folds long lines at 75 octets without splitting a character, and unfolds back to the text', () => {
    const description = 'Über Grüße, Straßenfest & Ωmega — 🎉 '.repeat(12).trim();
    const ics = eventIcs(event({ description }), 'social.example');
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      // A split character would not survive a round trip through UTF-8.
      expect(line).not.toContain('\uFFFD');
    }
    expect(ics.split('\r\n').some((l) => l.startsWith(' '))).toBe(true);
    expect(field(ics, 'DESCRIPTION')).toBe(`DESCRIPTION:${description.replace(/,/g, '\\,')}`);
  });

  it('escapes commas, semicolons, backslashes and new lines in text', () => {
    const ics = eventIcs(event({ title: 'A, B; C\\D', description: 'line one\nline two', location: 'Room 1, floor 2' }), 'social.example');
    expect(field(ics, 'SUMMARY')).toBe('SUMMARY:A\\, B\\; C\\\\D');
    expect(field(ics, 'DESCRIPTION')).toBe('DESCRIPTION:line one\\nline two');
    expect(field(ics, 'LOCATION')).toBe('LOCATION:Room 1\\, floor 2');
  });
});

describe('feedIcs', () => {
  it('several events, each once, with a refresh interval', () => {
    const ics = feedIcs('My events', [event(), event({ id: 43, title: 'Other' })], 'social.example');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(unfold(ics)).toContain('X-PUBLISHED-TTL:PT1H');
  });
});

describe('icsFileName', () => {
  it('plain letters', () => {
    expect(icsFileName('Grüße & Co: 2031!')).toBe('Gruße-Co-2031.ics'.replace('ß', ''));
    expect(icsFileName('🎉')).toBe('event.ics');
  });
});

// Text an event's author controls, as an attacker writes it: iCalendar syntax after line breaks
// (CRLF, a lone CR, a lone LF), the TEXT delimiters, a backslash, a quote, control characters.
const hostile = [
  // The payload of issue 52, as sent.
  'Ics X";\r\nX-INJ:1\r\nBEGIN:VEVENT\r\nUID:injected…',
  // The same, closing its events, so that a reader would see three.
  'Ics X";\r\nX-INJ:1\r\nBEGIN:VEVENT\r\nUID:injected-1\r\nDTSTART:20310101T000000Z\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:injected-2\r\nEND:VEVENT\r\n',
  'a; b, c \\ d "e"\rX-INJ:2\nX-INJ;VALUE=TEXT:3\r\n\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR',
  'bell\u0007 nul\u0000 esc\u001b[31m del\u007f tab\tend',
];

/** What a reader's calendar shows: line breaks as \n, control characters but tab gone. */
const shown = (t: string) => t.replace(/\r\n|\r/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

// ical.js knows neither RFC 7986's NAME nor X-WR-CALNAME and hands them over raw, escapes and
// all; calendar apps read both as the TEXT they are, and so does this test.
Object.assign(ICAL.design.icalendar.property, { name: { defaultType: 'text' }, 'x-wr-calname': { defaultType: 'text' } });
const parse = (ics: string) => new ICAL.Component(ICAL.parse(ics));
const propertyNames = (c: ICAL.Component): string[] => [
  ...c.getAllProperties().map((p) => p.name),
  ...c.getAllSubcomponents().flatMap(propertyNames),
];

describe('a calendar file from hostile text', () => {
  it.each(hostile)('%j in the title, description and location reads back as one event with the text as written', (payload) => {
    const ics = eventIcs(event({ title: `T ${payload}`, description: `D ${payload}`, location: `L ${payload}` }), 'social.example');
    const calendar = parse(ics);
    expect(calendar.getAllSubcomponents()).toHaveLength(1);
    const [vevent] = calendar.getAllSubcomponents('vevent');
    expect(vevent?.getFirstPropertyValue('uid')).toBe(eventUid(42, 'social.example'));
    expect(vevent?.getFirstPropertyValue('summary')).toBe(shown(`T ${payload}`));
    expect(vevent?.getFirstPropertyValue('description')).toBe(shown(`D ${payload}`));
    expect(vevent?.getFirstPropertyValue('location')).toBe(shown(`L ${payload}`));
    // The title names the single event's calendar too (NAME, X-WR-CALNAME).
    expect(calendar.getFirstPropertyValue('name')).toBe(shown(`T ${payload}`));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(shown(`T ${payload}`));
    expect(propertyNames(calendar).filter((n) => n.startsWith('x-inj'))).toEqual([]);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it.each(hostile)('%j as the feed’s name and in its events keeps the feed’s events as they are', (payload) => {
    const ics = feedIcs(payload, [event({ title: payload, location: payload }), event({ id: 43, title: 'Other' })], 'social.example');
    const calendar = parse(ics);
    expect(calendar.getAllSubcomponents().map((c) => c.getFirstPropertyValue('uid'))).toEqual([
      eventUid(42, 'social.example'),
      eventUid(43, 'social.example'),
    ]);
    expect(calendar.getFirstPropertyValue('name')).toBe(shown(payload));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(shown(payload));
    expect(calendar.getAllSubcomponents('vevent')[0]?.getFirstPropertyValue('summary')).toBe(shown(payload));
    expect(propertyNames(calendar).filter((n) => n.startsWith('x-inj'))).toEqual([]);
  });

  it.each(hostile)('%j as a title gives a download named with safe characters only', (payload) => {
    expect(icsFileName(payload)).toMatch(/^[A-Za-z0-9_-]{1,60}\.ics$/);
    expect(icsDisposition(payload)).toBe(`attachment; filename="${icsFileName(payload)}"`);
  });
});
