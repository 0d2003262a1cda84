import { cache } from 'react';
import { getUser, type Person } from '@/lib/social-api/users';

/** A member id from the URL: a positive whole number in plain digits, else undefined. */
export function parseMemberId(raw: string): number | undefined {
  if (!/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** The wall's member, looked up once per request (layout, metadata and page all ask). */
export const loadMember = cache(
  (token: string, id: number, viewerId: number): Promise<Person | undefined> => getUser(token, id, { id: viewerId }),
);
