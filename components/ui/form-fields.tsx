'use client';

import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError, FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { buttonStyles } from './button';

// What the site's forms write alike around react-hook-form: a labelled control with its error
// under it, tied to it (aria-describedby, aria-invalid); for the long forms (the blog and
// listing editors, the album settings) the error helpers, a text input and a select of the
// API's options, and the offer to restore a copy kept in the browser. An action's field errors
// reach the fields through placeRefusal (./form-refusal.ts).

/** The error line under the control `id` (its id is what the control's aria-describedby names). */
function errorLine(id: string, message: string | undefined): ReactNode {
  return message ? (
    <p id={`${id}-error`} className="error-text mt-1">
      {message}
    </p>
  ) : null;
}

/** A labelled control with its error below it, tied together for screen readers. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {errorLine(id, error)}
    </div>
  );
}

/** A labelled select of options by id (a form kept in plain state: the privacy of a video or a playlist), with its error. */
function ChoiceField({
  id,
  label,
  value,
  options,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ id: string; title: string }>;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      {(a11y) => (
        <select {...a11y} className="field" value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Who may see an item and who may comment on it (a video's, a playlist's form): two ChoiceFields, ids `{id}-view` and `{id}-comment`. */
export function PrivacyChoiceFields({
  id,
  viewLabel,
  state,
  choices,
  errors,
  onChange,
}: {
  id: string;
  /** "Who can see it", "Who can listen". */
  viewLabel: string;
  state: { authView: string; authComment: string };
  choices: { view: ReadonlyArray<{ id: string; title: string }>; comment: ReadonlyArray<{ id: string; title: string }> };
  errors: Record<string, string>;
  onChange: (next: { authView: string } | { authComment: string }) => void;
}) {
  return (
    <>
      <ChoiceField
        id={`${id}-view`}
        label={viewLabel}
        value={state.authView}
        options={choices.view}
        error={errors.authView}
        onChange={(authView) => onChange({ authView })}
      />
      <ChoiceField
        id={`${id}-comment`}
        label="Who can comment"
        value={state.authComment}
        options={choices.comment}
        error={errors.authComment}
        onChange={(authComment) => onChange({ authComment })}
      />
    </>
  );
}

/** The first message of a field's error (a list field, tags say, has one per item). */
function messageOf(error: FieldError | Array<FieldError | undefined> | undefined): string | undefined {
  if (!error) return undefined;
  if (Array.isArray(error)) return error.find(Boolean)?.message;
  return error.message;
}

/** A form's fields' error lines and the attributes that tie them to their fields; `id` is the form's useId(). */
export function fieldErrorHelpers<T extends FieldValues>(errors: FieldErrors<T>, id: string) {
  const errorOf = (name: Path<T>) => messageOf(errors[name] as FieldError | undefined);
  return {
    /** The field's description: its error when it has one, and a hint's id. */
    describedBy: (name: Path<T>, hint?: string) =>
      [errorOf(name) ? `${id}-${name}-error` : undefined, hint].filter(Boolean).join(' ') || undefined,
    /** The field's error line (or nothing). */
    error: (name: Path<T>): ReactNode => errorLine(`${id}-${name}`, errorOf(name)),
    invalid: (name: Path<T>) => (errorOf(name) ? true : undefined),
    /** The field's error message, if any. */
    message: errorOf,
  };
}

export type FieldErrorHelpers<T extends FieldValues> = ReturnType<typeof fieldErrorHelpers<T>>;

/** A labelled select of the API's options (privacy, categories), registered in the form, with its error. */
export function OptionSelect<T extends FieldValues>({
  id,
  name,
  label,
  options,
  register,
  helpers,
  empty,
  required,
}: {
  id: string;
  name: Path<T>;
  label: string;
  options: ReadonlyArray<{ id: string | number; title: string }>;
  register: UseFormRegister<T>;
  helpers: FieldErrorHelpers<T>;
  /** A first option for none (value ''), with these words. */
  empty?: string;
  required?: boolean;
}) {
  return (
    <Field id={`${id}-${name}`} label={label} error={helpers.message(name)}>
      {(a) => (
        <select {...a} {...register(name)} required={required} className="field">
          {empty !== undefined ? <option value="">{empty}</option> : null}
          {options.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {o.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * A labelled text input registered in the form, with its error. Other input attributes
 * (maxLength, required, a key handler, the class) pass through.
 */
export function TextField<T extends FieldValues>({
  id,
  name,
  label,
  register,
  helpers,
  className = 'field',
  ...input
}: {
  id: string;
  name: Path<T>;
  label: string;
  register: UseFormRegister<T>;
  helpers: FieldErrorHelpers<T>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur'>) {
  return (
    <Field id={`${id}-${name}`} label={label} error={helpers.message(name)}>
      {(a) => <input {...a} {...register(name)} className={className} {...input} />}
    </Field>
  );
}

const timeOf = (ms: number) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(ms);

/** "today at 14:05", or the date and time. */
function whenOf(ms: number): string {
  const sameDay = new Date(ms).toDateString() === new Date().toDateString();
  return sameDay ? `today at ${timeOf(ms)}` : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** A time of day, short ("14:05"). */
export const shortTime = timeOf;

/** "This browser kept changes … made today at 14:05": restore them, or discard them. */
export function RestoreOffer({
  what,
  savedAt,
  onRestore,
  onDiscard,
}: {
  what: string;
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <p className="text-sm">
        This browser kept changes to {what} that were not saved, made{' '}
        <time dateTime={new Date(savedAt).toISOString()}>{whenOf(savedAt)}</time>.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className={buttonStyles.primary} onClick={onRestore}>
          Restore your unsaved changes
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onDiscard}>
          Discard them
        </button>
      </div>
    </div>
  );
}
