import { describe, expect, it } from 'vitest';
import { dayKey, localeFrom, validZone } from './zones.ts';

describe('zones and locales from the request', () => {
  it('accepts IANA zones only', () => {
    expect(validZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(validZone('Mars/Olympus')).toBeUndefined();
    expect(validZone(undefined)).toBeUndefined();
  });
  it('takes the first supported locale of Accept-Language', () => {
    expect(localeFrom('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(localeFrom('!!,fr')).toBe('fr');
    expect(localeFrom(undefined)).toBe('en-US');
  });
  it('a day key is the date where the reader is', () => {
    expect(dayKey(Date.UTC(2031, 5, 13, 2, 0), 'America/New_York')).toBe('2031-06-12');
  });
});
