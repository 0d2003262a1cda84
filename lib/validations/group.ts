// zod/mini: these schemas run in the browser too (react-hook-form's resolver).
import * as z from 'zod/mini';
import { titleSchema } from './fields.ts';
import { idSchema as id } from './ids.ts';
import { GROUP_DESCRIPTION_MAX, GROUP_REJECT_MESSAGE_MAX, GROUP_TITLE_MAX } from './limits.ts';
import { apiFieldErrorsReader } from './field-errors.ts';

// A group's form (new and edit) and its membership actions. The browser checks with these schemas
// before sending; the server actions check again with the same ones.

/** The roles, from the narrowest (docs/api.md, "Groups": Roles). */
const role = z.enum(['officer', 'member', 'registered', 'everyone'], 'Choose who this applies to.');

export const groupFormSchema = z.object({
  title: titleSchema(GROUP_TITLE_MAX, 'Give your group a name.'),
  description: z
    .string()
    .check(z.trim(), z.maxLength(GROUP_DESCRIPTION_MAX, `Keep the description under ${GROUP_DESCRIPTION_MAX} characters.`)),
  /** A category's id as the select gives it; '' for none. */
  categoryId: z.string().check(z.regex(/^(|[1-9]\d{0,15})$/, 'Choose a category.')),
  approval: z.boolean(),
  searchable: z.boolean(),
  authInvite: z.enum(['member', 'officer'], 'Choose who may invite.'),
  authView: role,
  authComment: role,
  authPhoto: role,
  authEvent: role,
});
export type GroupFormValues = z.infer<typeof groupFormSchema>;

/** Saving: a new group (no id) or an edit. */
export const groupSaveSchema = z.object({ id: z.optional(id), values: groupFormSchema });

/** The form's fields for the API's names of them (POST /groups). */
const API_FIELD_NAMES: Record<string, keyof GroupFormValues> = {
  title: 'title',
  description: 'description',
  category_id: 'categoryId',
  approval: 'approval',
  allow_search: 'searchable',
  auth_invite: 'authInvite',
  auth_view: 'authView',
  auth_comment: 'authComment',
  auth_photo: 'authPhoto',
  auth_event: 'authEvent',
};

const FIELD_NOUNS: Record<keyof GroupFormValues | 'form', string> = {
  title: 'The name',
  description: 'The description',
  categoryId: 'The category',
  approval: 'Approving members',
  searchable: 'Show in searches',
  authInvite: 'Who may invite',
  authView: 'Who can see it',
  authComment: 'Who can post',
  authPhoto: 'Who can add photos',
  authEvent: 'Who can add events',
  form: 'The group',
};

/** The API's field errors under the form's field names; anything else goes to `form`. */
export const toGroupFieldErrors = apiFieldErrorsReader(API_FIELD_NAMES, { nouns: FIELD_NOUNS });

export const groupIdSchema = z.object({ id });
export const groupSelfActionSchema = z.object({ id, action: z.enum(['join', 'leave', 'request', 'cancel', 'accept', 'reject']) });
export const groupMemberActionSchema = z.object({
  id,
  userId: id,
  action: z.enum(['approve', 'reject', 'remove', 'promote', 'demote']),
  /** Declining a request: what the officer writes to its sender (optional). */
  message: z.optional(
    z.string().check(z.trim(), z.maxLength(GROUP_REJECT_MESSAGE_MAX, `Keep the message under ${GROUP_REJECT_MESSAGE_MAX} characters.`)),
  ),
});
export const groupInviteSchema = z.object({
  id,
  userIds: z.array(id).check(z.minLength(1, 'Choose at least one friend.'), z.maxLength(100, 'Invite at most 100 people at once.')),
});
export const groupFriendSearchSchema = z.object({ id, keywords: z.string().check(z.maxLength(100)) });
