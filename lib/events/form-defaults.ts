import { dayKey, wallParts } from '../time/zones.ts';
import type { EventDetail } from '../social-api/events.ts';
import type { EventFormValues } from '../validations/event.ts';

// What the event form starts from: a new event tomorrow evening in the reader's zone, or an
// event's own values with its times as wall-clock times in its zone.

const pad = (n: number) => String(n).padStart(2, '0');
const clockOf = (ms: number, zone: string) => {
  const p = wallParts(ms, zone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

/** Every zone Intl knows, with UTC and the ones given among them. */
export function timeZoneList(...also: string[]): string[] {
  const all = new Set<string>(Intl.supportedValuesOf('timeZone'));
  for (const z of ['UTC', ...also]) all.add(z);
  return [...all].sort();
}

export function newEventDefaults(
  zone: string,
  now: number,
  choices: { view: Array<{ id: string }>; comment: Array<{ id: string }>; photo: Array<{ id: string }> },
  /** The group the event is made in, if any. */
  groupId?: number,
): EventFormValues {
  const day = dayKey(now + 86_400_000, zone);
  return {
    title: '',
    description: '',
    categoryId: '',
    startDate: day,
    startTime: '18:00',
    endDate: day,
    endTime: '20:00',
    timeZone: zone,
    host: '',
    location: '',
    approval: false,
    guestsMayInvite: true,
    searchable: true,
    authView: choices.view[0]?.id ?? 'everyone',
    authComment: choices.comment[0]?.id ?? 'everyone',
    authPhoto: choices.photo[0]?.id ?? 'everyone',
    pictureDescription: '',
    ...(groupId ? { groupId } : {}),
  };
}

export function editEventDefaults(e: EventDetail): EventFormValues {
  return {
    title: e.title,
    description: e.description,
    categoryId: e.settings.categoryId ? String(e.settings.categoryId) : '',
    startDate: dayKey(e.start, e.timeZone),
    startTime: clockOf(e.start, e.timeZone),
    endDate: dayKey(e.end, e.timeZone),
    endTime: clockOf(e.end, e.timeZone),
    timeZone: e.timeZone,
    host: e.host,
    location: e.location,
    approval: e.settings.approval,
    guestsMayInvite: e.settings.guestsMayInvite,
    searchable: e.settings.searchable,
    authView: e.settings.authView,
    authComment: e.settings.authComment,
    authPhoto: e.settings.authPhoto,
    pictureDescription: e.imgDescription,
  };
}
