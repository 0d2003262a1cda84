'use client';

import { useEffect, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue, type Resolver } from 'react-hook-form';
import type { ActionResult } from '@/lib/action-result';
import { useAnnounce } from './announcer';
import { placeRefusal } from './form-refusal';
import { useAutosave } from './use-autosave';
import { useLeaveGuard } from './use-leave-guard';

// A long form whose words are never lost (the blog and listing editors): react-hook-form with
// its schema's resolver, what the server has (`saved`) to tell what is unsaved, the copy kept in this
// browser (useAutosave) and offered back, the question before leaving with unsaved changes
// (useLeaveGuard), and a refused save's field errors put on their fields.

const LEAVE_MESSAGE = 'Leave this page? Your changes are not saved on the site yet (a copy stays in this browser).';

export type KeptFormOptions<T extends FieldValues> = {
  /** The form's schema as a resolver: `zodResolver(schema)`. */
  resolver: Resolver<T>;
  /** The values the server has (a new item's defaults). */
  initial: T;
  /** Whose copy of what, e.g. `blog:${userId}:${id ?? 'new'}`. */
  storageKey: string;
  /** A kept copy read back, or undefined when it is not one. */
  parse: (raw: unknown) => T | undefined;
  same: (a: T, b: T) => boolean;
  /** Something else on the page not saved yet (photos on their way, say). */
  alsoUnsaved?: () => boolean;
};

export function useKeptForm<T extends FieldValues>({ resolver, initial, storageKey, parse, same, alsoUnsaved }: KeptFormOptions<T>) {
  const announce = useAnnounce();
  const form = useForm<T>({ resolver, defaultValues: initial as DefaultValues<T>, mode: 'onTouched' });
  const { getValues } = form;
  /** What the server has: the form differs from it when there is something to save. */
  const saved = useRef(initial);
  const unsaved = (v: T) => !same(v, saved.current);
  const autosave = useAutosave({ storageKey, read: getValues, parse, isUnsaved: unsaved });
  // Every change of a value (typed, picked, set by the editor or a restore) asks for a copy.
  const { subscribe } = form;
  const { changed } = autosave;
  useEffect(() => subscribe({ formState: { values: true }, callback: changed }), [subscribe, changed]);
  useLeaveGuard(() => unsaved(getValues()) || (alsoUnsaved?.() ?? false), LEAVE_MESSAGE);

  return {
    form,
    autosave,
    /** Puts the copy kept in this browser back in the form. */
    restore: () => {
      const kept = autosave.takeFound();
      if (!kept) return;
      form.reset(kept, { keepDefaultValues: true });
      announce('Your unsaved changes were restored.');
    },
    /** The server now has these values: nothing to keep in the browser any more. */
    markSaved: (values: T) => {
      saved.current = values;
      autosave.clear();
    },
    /**
     * A field's value as the page first shows it (the rich-text editor reads <b> back as
     * <strong>…): when the field still holds what the server has, the same thing, not a change.
     */
    sameAsSaved: (name: Path<T>, value: PathValue<T, Path<T>>) => {
      if (getValues(name) !== saved.current[name]) return;
      saved.current = { ...saved.current, [name]: value };
      form.resetField(name, { defaultValue: value });
    },
    /**
     * A refused save: its field errors on their fields (the first one focused: call it once the
     * fields are enabled again), and the message to show, with a refusal that names no field.
     */
    refused: (res: Extract<ActionResult<unknown>, { ok: false }>) => placeRefusal(form, res, Object.keys(saved.current) as Path<T>[]),
  };
}
