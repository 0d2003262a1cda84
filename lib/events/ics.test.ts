import { describe, expect, it } from 'vitest';
import { eventIcs, eventUid, feedIcs, icsFileName, type IcsEvent } from './ics.ts';

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
