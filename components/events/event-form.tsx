'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
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
import type { EventChoices } from '@/lib/social-api/events';
import type { EventFormValues } from '@/lib/validations/event';
import { EVENT_DESCRIPTION_MAX, EVENT_PICTURE_DESCRIPTION_MAX, EVENT_PLACE_MAX, EVENT_TITLE_MAX } from '@/lib/validations/limits';
import { saveEvent } from './actions';

const resolver = lazyZodResolver<EventFormValues>(() => import('@/lib/validations/event').then((m) => m.eventFormSchema));

const NAMES = [
  'title',
  'description',
  'categoryId',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'timeZone',
  'host',
  'location',
  'approval',
  'guestsMayInvite',
  'searchable',
  'authView',
  'authComment',
  'authPhoto',
] as const;

export type EventFormProps = {
  /** The event being edited; a new one without it. */
  id?: number;
  defaults: EventFormValues;
  /** Whether the zone in `defaults` is the one the organiser chose (an edit) or a guess (a new event: the browser's replaces it). */
  zoneChosen: boolean;
  choices: EventChoices;
  zones: string[];
  /** The current picture (an edit). */
  picture?: string;
  /** Largest picture, in bytes (UPLOAD_MAX_BYTES). */
  maxBytes: number;
};

/**
 * The event form (new and edit): react-hook-form with the zod/mini schema the server action
 * checks again. Start and end are dates and times in a zone the organiser picks (the browser's by
 * default); an end before the start is refused on the end's field. The API's field errors land
 * on their fields and nothing typed is lost. The picture goes after the save, streamed through
 * the BFF (app/api/upload/event).
 */
export function EventForm({ id, defaults, zoneChosen, choices, zones, picture, maxBytes }: EventFormProps) {
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();
  const [savedId, setSavedId] = useState(id);
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<EventFormValues>({ resolver, defaultValues: defaults, mode: 'onTouched' });
  const {
    register,
    formState: { errors },
    setValue,
  } = form;

  useEffect(() => {
    if (zoneChosen) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zones.includes(zone)) setValue('timeZone', zone);
  }, [zoneChosen, zones, setValue]);

  const submit = form.handleSubmit(async (values) => {
    const res = await state.run(() => saveEvent({ id: savedId, values }));
    if (!res.ok) {
      state.setProblem(placeRefusal(form, res, NAMES));
      return;
    }
    setSavedId(res.data.id);
    if (file) {
      const problem = await sendPicture(file, 'event', res.data.id, { title: values.title });
      if (problem) {
        state.setProblem({ message: problem });
        return;
      }
    }
    announce(res.message);
    router.push(routes.event(res.data.id));
  });

  const options = (list: Array<{ id: string; title: string }>) =>
    list.map((o) => (
      <option key={o.id} value={o.id}>
        {o.title}
      </option>
    ));

  return (
    <form onSubmit={submit} noValidate aria-label={id ? 'Edit event' : 'New event'} className="mt-6 space-y-5">
      <fieldset disabled={state.pending} className="space-y-5">
        <Field id="event-title" label="Title" error={errors.title?.message}>
          {(a) => <input {...a} {...register('title')} maxLength={EVENT_TITLE_MAX} className="field" />}
        </Field>
        <Field id="event-description" label="Description" error={errors.description?.message}>
          {(a) => <textarea {...a} {...register('description')} rows={5} maxLength={EVENT_DESCRIPTION_MAX} className="field" />}
        </Field>
        <Field id="event-category" label="Category" error={errors.categoryId?.message}>
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

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold">When</legend>
          <Field id="event-start-date" label="Start date" error={errors.startDate?.message}>
            {(a) => <input {...a} {...register('startDate')} type="date" className="field" />}
          </Field>
          <Field id="event-start-time" label="Start time" error={errors.startTime?.message}>
            {(a) => <input {...a} {...register('startTime')} type="time" className="field" />}
          </Field>
          <Field id="event-end-date" label="End date" error={errors.endDate?.message}>
            {(a) => <input {...a} {...register('endDate')} type="date" className="field" />}
          </Field>
          <Field id="event-end-time" label="End time" error={errors.endTime?.message}>
            {(a) => <input {...a} {...register('endTime')} type="time" className="field" />}
          </Field>
          <div className="sm:col-span-2">
            <Field id="event-zone" label="Time zone" error={errors.timeZone?.message}>
              {(a) => (
                <select {...a} {...register('timeZone')} className="field">
                  {zones.map((z) => (
                    <option key={z} value={z}>
                      {z.replace(/_/g, ' ')}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="event-host" label="Host" error={errors.host?.message}>
            {(a) => <input {...a} {...register('host')} maxLength={EVENT_PLACE_MAX} className="field" />}
          </Field>
          <Field id="event-location" label="Location" error={errors.location?.message}>
            {(a) => <input {...a} {...register('location')} maxLength={EVENT_PLACE_MAX} className="field" />}
          </Field>
        </div>

        <PictureField
          id="event-photo"
          current={picture ? { src: picture, alt: "The event's current picture" } : undefined}
          maxBytes={maxBytes}
          onChange={setFile}
        />
        <Field id="event-picture-description" label="Picture description (alt text)" error={errors.pictureDescription?.message}>
          {(a) => (
            <textarea
              {...a}
              {...register('pictureDescription')}
              rows={2}
              maxLength={EVENT_PICTURE_DESCRIPTION_MAX}
              placeholder="What the picture shows, for people who cannot see it"
              className="field"
            />
          )}
        </Field>

        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-semibold">Guests</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('approval')} className="size-4" /> People must ask to join, and I accept them
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('guestsMayInvite')} className="size-4" /> Guests may invite their friends
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('searchable')} className="size-4" /> Show in searches and other people’s lists
          </label>
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-3">
          <Field id="event-view" label="Who can see it" error={errors.authView?.message}>
            {(a) => (
              <select {...a} {...register('authView')} className="field">
                {options(choices.view)}
              </select>
            )}
          </Field>
          <Field id="event-comment" label="Who can comment" error={errors.authComment?.message}>
            {(a) => (
              <select {...a} {...register('authComment')} className="field">
                {options(choices.comment)}
              </select>
            )}
          </Field>
          <Field id="event-photos" label="Who can add photos" error={errors.authPhoto?.message}>
            {(a) => (
              <select {...a} {...register('authPhoto')} className="field">
                {options(choices.photo)}
              </select>
            )}
          </Field>
        </div>
      </fieldset>
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} />
      <div className="flex gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={state.pending}>
          {state.pending ? 'Saving…' : id ? 'Save changes' : 'Create event'}
        </button>
        <a href={savedId ? routes.event(savedId) : routes.events()} className={buttonStyles.secondary}>
          Cancel
        </a>
      </div>
    </form>
  );
}
