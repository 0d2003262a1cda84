'use client';

import { CheckboxGroup, ChoiceSelect, ItemBasicFields, ItemFormFooter, useItemForm } from '@/components/ui/item-form';
import { lazyZodResolver } from '@/components/ui/lazy-resolver';
import { PictureField } from '@/components/ui/picture-field';
import { routes } from '@/lib/routes';
import type { GroupChoices } from '@/lib/social-api/groups';
import type { GroupFormValues } from '@/lib/validations/group';
import { GROUP_DESCRIPTION_MAX, GROUP_TITLE_MAX } from '@/lib/validations/limits';
import { saveGroup } from './actions';

const resolver = lazyZodResolver<GroupFormValues>(() => import('@/lib/validations/group').then((m) => m.groupFormSchema));

const NAMES = [
  'title',
  'description',
  'categoryId',
  'approval',
  'searchable',
  'authInvite',
  'authView',
  'authComment',
  'authPhoto',
  'authEvent',
] as const;

const INVITERS = [
  { id: 'member', title: 'Members' },
  { id: 'officer', title: 'Officers' },
];

export type GroupFormProps = {
  /** The group being edited; a new one without it. */
  id?: number;
  defaults: GroupFormValues;
  choices: GroupChoices;
  /** The current picture (an edit). */
  picture?: string;
  /** Largest picture, in bytes (UPLOAD_MAX_BYTES). */
  maxBytes: number;
};

/**
 * The group form (new and edit): react-hook-form with the zod/mini schema the server action
 * checks again. The roles go from the narrowest (officers) to everyone; the API's field errors
 * land on their fields and nothing typed is lost. The picture goes after the save, streamed
 * through the BFF (app/api/upload/group).
 */
export function GroupForm({ id, defaults, choices, picture, maxBytes }: GroupFormProps) {
  const { form, state, savedId, setFile, submit } = useItemForm<GroupFormValues>({
    id,
    resolver,
    defaults,
    names: NAMES,
    save: saveGroup,
    noun: 'group',
    href: routes.group,
  });
  return (
    <form onSubmit={submit} noValidate aria-label={id ? 'Edit group' : 'New group'} className="mt-6 space-y-5">
      <fieldset disabled={state.pending} className="space-y-5">
        <ItemBasicFields
          form={form}
          prefix="group"
          titleLabel="Name"
          titleMax={GROUP_TITLE_MAX}
          descriptionMax={GROUP_DESCRIPTION_MAX}
          categories={choices.categories}
        />

        <PictureField
          id="group-photo"
          current={picture ? { src: picture, alt: "The group's current picture" } : undefined}
          maxBytes={maxBytes}
          onChange={setFile}
        />

        <CheckboxGroup
          form={form}
          legend="Members"
          boxes={[
            ['approval', 'People must ask to join, and an officer approves them'],
            ['searchable', 'Show in searches and the list of groups'],
          ]}
        />

        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceSelect form={form} prefix="group" name="authView" label="Who can see it" options={choices.view} />
          <ChoiceSelect form={form} prefix="group" name="authInvite" label="Who can invite" options={INVITERS} />
          <ChoiceSelect form={form} prefix="group" name="authComment" label="Who can post" options={choices.comment} />
          <ChoiceSelect form={form} prefix="group" name="authPhoto" label="Who can add photos" options={choices.photo} />
          <ChoiceSelect form={form} prefix="group" name="authEvent" label="Who can add events" options={choices.event} />
        </div>
      </fieldset>
      <ItemFormFooter
        state={state}
        editing={Boolean(id)}
        createLabel="Create group"
        cancelHref={savedId ? routes.group(savedId) : routes.groups()}
      />
    </form>
  );
}
