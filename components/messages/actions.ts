'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { safeReturnTo } from '@/lib/auth/return-to';
import {
  blockCommand,
  deleteCommand,
  messageVideoCommand,
  olderCommand,
  privacyCommand,
  replyCommand,
  startCommand,
  type Newer,
} from '@/lib/messages/commands';
import { rememberHeaderCounts, type HeaderCounts } from '@/lib/notifications/count';
import { routes } from '@/lib/routes';
import { withSession, type ActionResult } from '@/lib/server-action';
import { getUpdates } from '@/lib/social-api/activities';
import type { Message } from '@/lib/social-api/messages';
import type { PostedVideo } from '@/lib/social-api/videos';

// The messages' actions. Those of a form (reply, a new message, delete, block, who may write to
// me) take the form's own fields, so that each form works before its page's script runs, or
// without it: such a post (it has no Next-Action header) is answered with a redirect to the page
// it came from once done (post/redirect/get: a reload sends nothing twice), and a refusal is
// rendered in place with what was typed (useActionState). From script they answer the result,
// and the page shows it without a navigation.

/** A form's refusal, with the text that was typed, for the page a form without script comes back to. */
export type FormAnswer<T = undefined> = (ActionResult<T> & { typed?: string }) | null;

/** A field of the form; '' when absent (or when the call sent no form: an action is any client's to call). */
const field = (form: FormData, name: string) => {
  const v = form instanceof FormData ? form.get(name) : null;
  return typeof v === 'string' ? v : '';
};
const idField = (form: FormData, name: string) => {
  const v = field(form, name);
  return /^\d{1,16}$/.test(v) ? Number(v) : Number.NaN;
};

/** What is sent with the text (`photo_id` or `video_id`, with its `…_description`), when there is one. */
const attachmentFields = (form: FormData) => {
  const one = (kind: 'photo' | 'video') =>
    field(form, `${kind}_id`) ? { [kind]: { id: idField(form, `${kind}_id`), description: field(form, `${kind}_description`) } } : {};
  return { ...one('photo'), ...one('video') };
};

/** Whether script called the action (its Next-Action header) rather than a form posted as a page. */
async function fromScript(): Promise<boolean> {
  return (await headers()).has('next-action');
}

/** Done: from script, the result; from a form posted as a page, back to `back` (a path of this site). */
async function answered<T>(res: ActionResult<T>, form: FormData, fallback: string): Promise<FormAnswer<T>> {
  if (res.ok && !(await fromScript())) redirect(safeReturnTo(field(form, 'back') || fallback));
  return res;
}

/** Writes in a conversation: from script, answers the messages since `since` (the new one among them). */
export async function sendReply(_previous: FormAnswer<Newer>, form: FormData): Promise<FormAnswer<Newer>> {
  const conversationId = idField(form, 'conversationId');
  const since = field(form, 'since');
  const res = await withSession((s) =>
    replyCommand(s.accessToken, {
      conversationId,
      body: field(form, 'body'),
      ...attachmentFields(form),
      since: /^\d{1,16}$/.test(since) ? Number(since) : undefined,
    }),
  );
  if (!res.ok) return { ...res, typed: field(form, 'body') };
  return answered(res, form, routes.conversation(conversationId));
}

/** Starts a conversation: to members (`to`, ids), about an item (`item_type`, `item_id`), an event's guests (`guests_of`) or a group's members (`members_of`). */
export async function startConversation(_previous: FormAnswer<{ id: number }>, form: FormData): Promise<FormAnswer<{ id: number }>> {
  const to = field(form, 'to');
  const itemType = field(form, 'item_type');
  const input = {
    ...(to ? { to: to.split(',').map(Number) } : {}),
    ...(itemType ? { item: { type: itemType, id: idField(form, 'item_id') } } : {}),
    ...(field(form, 'guests_of') ? { guestsOf: idField(form, 'guests_of') } : {}),
    ...(field(form, 'members_of') ? { membersOf: idField(form, 'members_of') } : {}),
    title: field(form, 'title'),
    body: field(form, 'body'),
    ...attachmentFields(form),
  };
  const res = await withSession((s) => startCommand(s.accessToken, input));
  if (!res.ok) return { ...res, typed: field(form, 'body') };
  if (!(await fromScript())) redirect(routes.conversation(res.data.id));
  return res;
}

/** Takes a conversation out of the reader's folders; a form without script goes back to the list. */
export async function removeConversation(_previous: FormAnswer, form: FormData): Promise<FormAnswer> {
  const res = await withSession((s) => deleteCommand(s.accessToken, { conversationId: idField(form, 'conversationId') }));
  if (res.ok && !(await fromScript())) redirect(routes.messages());
  return res;
}

/** Blocks a member (`block=1`) or lifts a block; a form without script goes back to its page. */
export async function setBlocked(_previous: FormAnswer, form: FormData): Promise<FormAnswer> {
  const res = await withSession((s) =>
    blockCommand(s.accessToken, { userId: idField(form, 'userId'), block: field(form, 'block') === '1' }),
  );
  return answered(res, form, routes.privacySettings);
}

/** Who may start a conversation with the reader. */
export async function saveMessagePrivacy(_previous: FormAnswer, form: FormData): Promise<FormAnswer> {
  const res = await withSession(async (s) => {
    const saved = await privacyCommand(s.accessToken, { privacy: field(form, 'privacy') });
    return saved.ok ? { ok: true, message: saved.message, data: undefined } : saved;
  });
  return answered(res, form, routes.privacySettings);
}

/** Older messages of a conversation than `before` ("Load older"). */
export async function loadOlder(input: {
  conversationId: number;
  before: number;
}): Promise<ActionResult<{ messages: Message[]; older: number | null }>> {
  return withSession((s) => olderCommand(s.accessToken, input));
}

/** A video sent in a conversation as it is now (its card follows its conversion). */
export async function loadMessageVideo(input: { conversationId: number; videoId: number }): Promise<ActionResult<PostedVideo | 'gone'>> {
  return withSession((s) => messageVideoCommand(s.accessToken, input));
}

/**
 * The header's counts now, after the reader opened a conversation (reading it marked it read):
 * the envelope drops at once in every tab, and the next page's header has them too.
 */
export async function countsNow(): Promise<ActionResult<HeaderCounts>> {
  return withSession(async (s) => {
    const { notificationCount, messageCount } = await getUpdates(s.accessToken);
    const counts = { notifications: notificationCount, messages: messageCount };
    await rememberHeaderCounts(s.userId, counts);
    return { ok: true, message: '', data: counts };
  });
}
