'use client';

import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { ActionResult } from '@/lib/action-result';
import type { Choice } from '@/lib/social-api/choices';
import { useAnnounce } from './announcer';
import { buttonStyles } from './button';
import { Field, fieldErrorHelpers, OptionSelect } from './form-fields';
import { FormError } from './form-error';
import { placeRefusal } from './form-refusal';
import { sendPicture } from './picture-field';
import { useAction } from './use-action';

// The form kit of the items with a picture, a category and privacy roles that people belong to
// (events, groups): the save that sends the picture after the item and opens its page, the title,
// description and category fields, a select of the API's options, a row of checkboxes, and the
// form's last line. Each form keeps its own fields between them.

/** What every such form holds. */
export type ItemBasicValues = { title: string; description: string; categoryId: string };

/**
 * The form's state and its submit: the values go through the server action `save`; its field
 * errors land on the fields of `names`; the item is made once (a picture that fails next is sent
 * again to the same item); the picture goes after the save (app/api/upload/{noun}), then the item's
 * page opens.
 */
export function useItemForm<T extends FieldValues>({
  id,
  resolver,
  defaults,
  names,
  save,
  noun,
  pictureFields,
  href,
}: {
  id?: number;
  resolver: Resolver<T>;
  defaults: DefaultValues<T>;
  names: ReadonlyArray<Path<T>>;
  save: (input: { id?: number; values: T }) => Promise<ActionResult<{ id: number }>>;
  noun: string;
  /** Fields sent before the picture. */
  pictureFields?: (values: T) => Record<string, string>;
  href: (id: number) => string;
}) {
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();
  const [savedId, setSavedId] = useState(id);
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<T>({ resolver, defaultValues: defaults, mode: 'onTouched' });

  const submit = form.handleSubmit(async (values) => {
    const res = await state.run(() => save({ id: savedId, values }));
    if (!res.ok) {
      state.setProblem(placeRefusal(form, res, names));
      return;
    }
    setSavedId(res.data.id);
    if (file) {
      const problem = await sendPicture(file, noun, res.data.id, pictureFields?.(values));
      if (problem) {
        state.setProblem({ message: problem });
        return;
      }
    }
    announce(res.message);
    router.push(href(res.data.id));
  });

  return { form, state, savedId, setFile, submit };
}

/** The title (`titleLabel`), the description and the category, with ids `{prefix}-title`, `-description`, `-categoryId`. */
export function ItemBasicFields<T extends ItemBasicValues>({
  form,
  prefix,
  titleLabel,
  titleMax,
  descriptionMax,
  categories,
}: {
  form: UseFormReturn<T>;
  prefix: string;
  titleLabel: string;
  titleMax: number;
  descriptionMax: number;
  categories: ReadonlyArray<{ id: number; title: string }>;
}) {
  // The three names are in every T: react-hook-form's paths cannot say so of a generic.
  const basic = form as unknown as UseFormReturn<ItemBasicValues>;
  const {
    register,
    formState: { errors },
  } = basic;
  return (
    <>
      <Field id={`${prefix}-title`} label={titleLabel} error={errors.title?.message}>
        {(a) => <input {...a} {...register('title')} maxLength={titleMax} className="field" />}
      </Field>
      <Field id={`${prefix}-description`} label="Description" error={errors.description?.message}>
        {(a) => <textarea {...a} {...register('description')} rows={5} maxLength={descriptionMax} className="field" />}
      </Field>
      <ChoiceSelect form={basic} prefix={prefix} name="categoryId" label="Category" empty="No category" options={categories} />
    </>
  );
}

/**
 * A labelled select of the API's options (a role, a privacy), registered as `name`: the site's
 * OptionSelect (./form-fields.tsx) on this form, its id `{prefix}-{name}`.
 */
export function ChoiceSelect<T extends FieldValues>({
  form,
  prefix,
  name,
  label,
  options,
  empty,
}: {
  form: UseFormReturn<T>;
  prefix: string;
  name: Path<T>;
  label: string;
  options: ReadonlyArray<Choice | { id: number; title: string }>;
  /** A first option for none (value ''), with these words. */
  empty?: string;
}) {
  return (
    <OptionSelect
      id={prefix}
      name={name}
      label={label}
      options={options}
      empty={empty}
      register={form.register}
      helpers={fieldErrorHelpers(form.formState.errors, prefix)}
    />
  );
}

/** A fieldset of checkboxes under `legend`, each a name of the form and its sentence. */
export function CheckboxGroup<T extends FieldValues>({
  form,
  legend,
  boxes,
}: {
  form: UseFormReturn<T>;
  legend: string;
  boxes: ReadonlyArray<[name: Path<T>, label: string]>;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {boxes.map(([name, label]) => (
        <label key={name} className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register(name)} className="size-4" /> {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The form's refusal, then Save (or `createLabel` for a new item) and Cancel (back to `cancelHref`). */
export function ItemFormFooter({
  state,
  editing,
  createLabel,
  cancelHref,
}: {
  state: ReturnType<typeof useAction>;
  editing: boolean;
  createLabel: string;
  cancelHref: string;
}): ReactNode {
  return (
    <>
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} />
      <div className="flex gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={state.pending}>
          {state.pending ? 'Saving…' : editing ? 'Save changes' : createLabel}
        </button>
        <a href={cancelHref} className={buttonStyles.secondary}>
          Cancel
        </a>
      </div>
    </>
  );
}
