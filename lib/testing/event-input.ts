import type { EventInput } from '../social-api/events.ts';

/** An event's form as a test sends it: an evening in Berlin in 2031 that needs approval, with `over` changed. */
export const eventInput = (over: Partial<EventInput> = {}): EventInput => ({
  title: 'Sommerfest',
  description: 'Grillen im Hof',
  categoryId: 0,
  startTime: '2031-03-29 20:00:00',
  endTime: '2031-03-30 03:30:00',
  timeZone: 'Europe/Berlin',
  host: 'Demo',
  location: 'Hof',
  searchable: true,
  guestsMayInvite: false,
  approval: true,
  authView: 'everyone',
  authComment: 'everyone',
  authPhoto: 'everyone',
  ...over,
});
