'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/form-fields';
import { lazyZodResolver } from '@/components/ui/lazy-resolver';
import { PictureField, sendPicture } from '@/components/ui/picture-field';
import { placeRefusal } from '@/components/ui/form-refusal';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
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
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();
  const [savedId, setSavedId] = useState(id);
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<GroupFormValues>({ resolver, defaultValues: defaults, mode: 'onTouched' });
  const {
    register,
    formState: { errors },
  } = form;

  const submit = form.handleSubmit(async (values) => {
    const res = await state.run(() => saveGroup({ id: savedId, values }));
    if (!res.ok) {
      state.setProblem(placeRefusal(form, res, NAMES));
      return;
    }
    // A new group is made once: a picture that fails next is sent again to the same group.
    setSavedId(res.data.id);
    if (file) {
      const problem = await sendPicture(file, 'group', res.data.id);
      if (problem) {
        state.setProblem({ message: problem });
        return;
      }
    }
    announce(res.message);
    router.push(routes.group(res.data.id));
  });

  const options = (list: Array<{ id: string; title: string }>) =>
    list.map((o) => (
      <option key={o.id} value={o.id}>
        {o.title}
      </option>
    ));

  return (
    <form onSubmit={submit} noValidate aria-label={id ? 'Edit group' : 'New group'} className="mt-6 space-y-5">
      <fieldset disabled={state.pending} className="space-y-5">
        <Field id="group-title" label="Name" error={errors.title?.message}>
          {(a) => <input {...a} {...register('title')} maxLength={GROUP_TITLE_MAX} className="field" />}
        </Field>
        <Field id="group-description" label="Description" error={errors.description?.message}>
          {(a) => <textarea {...a} {...register('description')} rows={5} maxLength={GROUP_DESCRIPTION_MAX} className="field" />}
        </Field>
        <Field id="group-category" label="Category" error={errors.categoryId?.message}>
          {(a) => (
            <select {...a} {...register('categoryId')} className="field">
              <option value="">No category</option>
              {choices.categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.title}
                </option>
              ))}
            </select>
          )}
        </Field>

        <PictureField
          id="group-photo"
          current={picture ? { src: picture, alt: "The group's current picture" } : undefined}
          maxBytes={maxBytes}
          onChange={setFile}
        />

        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-semibold">Members</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('approval')} className="size-4" /> People must ask to join, and an officer approves them
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('searchable')} className="size-4" /> Show in searches and the list of groups
          </label>
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="group-view" label="Who can see it" error={errors.authView?.message}>
            {(a) => (
              <select {...a} {...register('authView')} className="field">
                {options(choices.view)}
              </select>
            )}
          </Field>
          <Field id="group-invite" label="Who can invite" error={errors.authInvite?.message}>
            {(a) => (
              <select {...a} {...register('authInvite')} className="field">
                <option value="member">Members</option>
                <option value="officer">Officers</option>
              </select>
            )}
          </Field>
          <Field id="group-comment" label="Who can post" error={errors.authComment?.message}>
            {(a) => (
              <select {...a} {...register('authComment')} className="field">
                {options(choices.comment)}
              </select>
            )}
          </Field>
          <Field id="group-photos" label="Who can add photos" error={errors.authPhoto?.message}>
            {(a) => (
              <select {...a} {...register('authPhoto')} className="field">
                {options(choices.photo)}
              </select>
            )}
          </Field>
          <Field id="group-events" label="Who can add events" error={errors.authEvent?.message}>
            {(a) => (
              <select {...a} {...register('authEvent')} className="field">
                {options(choices.event)}
              </select>
            )}
          </Field>
        </div>
      </fieldset>
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} />
      <div className="flex gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={state.pending}>
          {state.pending ? 'Saving…' : id ? 'Save changes' : 'Create group'}
        </button>
        <a href={savedId ? routes.group(savedId) : routes.groups()} className={buttonStyles.secondary}>
          Cancel
        </a>
      </div>
    </form>
  );
}
