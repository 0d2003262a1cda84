import { describe, expect, it } from 'vitest';
import { eventFieldErrors, eventFormSchema, eventInviteSchema, eventSaveSchema, type EventFormValues } from './event.ts';

const values = (over: Partial<EventFormValues> = {}): EventFormValues => ({
  title: 'Sommerfest',
  description: '',
  categoryId: '',
  startDate: '2031-03-29',
  startTime: '20:00',
  endDate: '2031-03-30',
  endTime: '03:30',
  timeZone: 'Europe/Berlin',
  host: '',
  location: '',
  approval: true,
  guestsMayInvite: false,
  searchable: true,
  authView: 'everyone',
  authComment: 'everyone',
  authPhoto: 'everyone',
  pictureDescription: '',
  ...over,
});

const errorsOf = (v: unknown) => {
  const res = eventSaveSchema.safeParse({ values: v });
  return res.success ? {} : eventFieldErrors(res.error);
};

describe('eventFormSchema', () => {
  it('takes an event that ends the next morning', () => {
    expect(eventFormSchema.safeParse(values()).success).toBe(true);
  });

  it('refuses an end before the start, on the end’s time field alone', () => {
    expect(errorsOf(values({ endDate: '2031-03-29', endTime: '19:00' }))).toEqual({ endTime: 'The event cannot end before it starts.' });
  });

  it('an end equal to the start is fine (a moment)', () => {
    expect(errorsOf(values({ endDate: '2031-03-29', endTime: '20:00' }))).toEqual({});
  });

  it('names each bad field: no title, a malformed date or time, a bad category', () => {
    expect(errorsOf(values({ title: '   ', startDate: '2031-13-01', startTime: '25:00', categoryId: 'x' }))).toEqual({
      title: 'Give your event a title.',
      startDate: 'Enter a date.',
      startTime: 'Enter a time.',
      categoryId: 'Choose a category.',
    });
  });

  it('a request that no form sends (a bad id) is not a field error', () => {
    const res = eventSaveSchema.safeParse({ id: -1, values: values() });
    expect(res.success).toBe(false);
    expect(eventFieldErrors(res.error!)).toHaveProperty('form');
  });
});

describe('eventInviteSchema', () => {
  it('needs at least one friend and at most 100', () => {
    expect(eventInviteSchema.safeParse({ id: 1, userIds: [] }).success).toBe(false);
    expect(eventInviteSchema.safeParse({ id: 1, userIds: Array.from({ length: 101 }, (_, i) => i + 1) }).success).toBe(false);
    expect(eventInviteSchema.safeParse({ id: 1, userIds: [2, 3] }).success).toBe(true);
  });
});
