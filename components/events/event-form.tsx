'use client';

import { useEffect } from 'react';
import { Field } from '@/components/ui/form-fields';
import { CheckboxGroup, ChoiceSelect, ItemBasicFields, ItemFormFooter, useItemForm } from '@/components/ui/item-form';
import { lazyZodResolver } from '@/components/ui/lazy-resolver';
import { PictureField } from '@/components/ui/picture-field';
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
  const { form, state, savedId, setFile, submit } = useItemForm<EventFormValues>({
    id,
    resolver,
    defaults,
    names: NAMES,
    save: saveEvent,
    noun: 'event',
    pictureFields: (values) => ({ title: values.title }),
    href: routes.event,
  });
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

  return (
    <form onSubmit={submit} noValidate aria-label={id ? 'Edit event' : 'New event'} className="mt-6 space-y-5">
      <fieldset disabled={state.pending} className="space-y-5">
        <ItemBasicFields
          form={form}
          prefix="event"
          titleLabel="Title"
          titleMax={EVENT_TITLE_MAX}
          descriptionMax={EVENT_DESCRIPTION_MAX}
          categories={choices.categories}
        />

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

        <CheckboxGroup
          form={form}
          legend="Guests"
          boxes={[
            ['approval', 'People must ask to join, and I accept them'],
            ['guestsMayInvite', 'Guests may invite their friends'],
            ['searchable', 'Show in searches and other people’s lists'],
          ]}
        />

        <div className="grid gap-3 sm:grid-cols-3">
          <ChoiceSelect form={form} prefix="event" name="authView" label="Who can see it" options={choices.view} />
          <ChoiceSelect form={form} prefix="event" name="authComment" label="Who can comment" options={choices.comment} />
          <ChoiceSelect form={form} prefix="event" name="authPhoto" label="Who can add photos" options={choices.photo} />
        </div>
      </fieldset>
      <ItemFormFooter
        state={state}
        editing={Boolean(id)}
        createLabel="Create event"
        cancelHref={savedId ? routes.event(savedId) : routes.events()}
      />
    </form>
  );
}
