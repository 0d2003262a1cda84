import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { flag, lenientArray } from './primitives.ts';
import { messageSchema } from './schemas.ts';
import type { z } from 'zod';

// What the items people belong to (events, groups: docs/api.md, "Conventions" and "Groups") share
// on the wire: the same can_* flags, the membership writes that answer the API's sentence, and
// the list pages whose words (keywords, page, limit, fields) are the same.

/** The can_* flags, as the schemas of events and groups parse them. */
export const membershipFlagShape = {
  can_edit: flag,
  can_delete: flag,
  can_request: flag,
  can_join: flag,
  can_leave: flag,
  can_cancel: flag,
  can_accept: flag,
  can_reject: flag,
  can_invite: flag,
};

/** Their names, for `fields`. */
export const MEMBERSHIP_FLAGS = Object.keys(membershipFlagShape).join(',');

/** What the reader may do with the item, as the API's can_* flags say. */
export interface MembershipCan {
  edit: boolean;
  delete: boolean;
  request: boolean;
  join: boolean;
  leave: boolean;
  cancel: boolean;
  accept: boolean;
  reject: boolean;
  invite: boolean;
}

export function reshapeCan(raw: { [K in keyof typeof membershipFlagShape]: boolean }): MembershipCan {
  return {
    edit: raw.can_edit,
    delete: raw.can_delete,
    request: raw.can_request,
    join: raw.can_join,
    leave: raw.can_leave,
    cancel: raw.can_cancel,
    accept: raw.can_accept,
    reject: raw.can_reject,
    invite: raw.can_invite,
  };
}

/** A membership write (POST a form, or DELETE with the words in the query): the API's sentence. */
export async function postForMessage(
  token: string,
  path: string,
  words: Record<string, string | number> = {},
  method: 'POST' | 'DELETE' = 'POST',
): Promise<string> {
  const options = method === 'DELETE' ? { token, method, query: words } : { token, method, form: words };
  return messageSchema.parse(await apiFetch(apiConfig(), path, options)).message;
}

/** One page of a list of items: the words every list takes (`keywords`, `page`, `limit`, `fields`) and `own` (each list's own). */
export async function readItemList<S extends z.ZodType, T>(
  token: string,
  path: string,
  schema: S,
  reshape: (raw: z.output<S>) => T,
  f: { keywords?: string; page?: number; limit?: number },
  own: Record<string, string | number | undefined>,
  fields: string,
): Promise<T[]> {
  const data = await apiFetch(apiConfig(), path, {
    token,
    query: { keywords: f.keywords?.trim() || undefined, ...own, page: f.page ?? 1, limit: f.limit ?? 10, fields },
  });
  return lenientArray(schema)
    .parse(data)
    .map((raw) => reshape(raw));
}
