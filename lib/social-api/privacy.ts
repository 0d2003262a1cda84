import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isMissingExtension } from './errors.ts';
import { lenientArray } from './primitives.ts';
import { messageSchema, ownerSchema } from './schemas.ts';
import { reshapePerson, who, type Who } from './users.ts';

// Who may reach the reader (the origin's paths, scope `settings`: docs/api.md, "Extensions":
// Blocking and who may message whom): the members they blocked, and who may start a conversation
// with them. A server without messages has neither: the readers answer undefined.

export const MESSAGE_PRIVACY = ['everyone', 'friends', 'none'] as const;
export type MessagePrivacy = (typeof MESSAGE_PRIVACY)[number];

const privacySchema = z.looseObject({ privacy_message: z.enum(MESSAGE_PRIVACY).catch('friends') });

/** Who may start a conversation with the reader; undefined from a server without the setting. */
export async function getMessagePrivacy(token: string): Promise<MessagePrivacy | undefined> {
  try {
    return privacySchema.parse(await apiFetch(apiConfig(), '/users/settings_privacy', { token })).privacy_message;
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
}

/** Sets who may start a conversation with the reader; answers the API's words. */
export async function setMessagePrivacy(token: string, privacy: MessagePrivacy): Promise<string> {
  return messageSchema.parse(await apiFetch(apiConfig(), '/users/settings_privacy', { token, form: { privacy_message: privacy } })).message;
}

/** The members the reader blocked, the latest first; undefined from a server without blocking. */
export async function listBlocked(token: string, paging: { page?: number; limit?: number } = {}): Promise<Who[] | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), '/users/block', { token, query: { page: paging.page ?? 1, limit: paging.limit ?? 50 } });
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
  return lenientArray(ownerSchema)
    .parse(data)
    .map((o) => who(reshapePerson(o)));
}

/** Blocks a member (both ways: no messages, friend requests, wall posts, tags or invitations); answers the API's words. */
export async function blockMember(token: string, userId: number): Promise<string> {
  return messageSchema.parse(await apiFetch(apiConfig(), '/users/block', { token, form: { id: userId } })).message;
}

/** Lifts a block (the friendship it ended stays ended); answers the API's words. */
export async function unblockMember(token: string, userId: number): Promise<string> {
  return messageSchema.parse(await apiFetch(apiConfig(), '/users/block', { token, method: 'DELETE', query: { id: userId } })).message;
}
