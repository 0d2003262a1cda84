'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { buttonStyles } from '@/components/ui/button';
import { ComboboxOptions, comboboxOptionId } from '@/components/ui/combobox-options';
import { FormError } from '@/components/ui/form-error';
import { placeRefusal } from '@/components/ui/form-refusal';
import { lazyZodResolver } from '@/components/ui/lazy-resolver';
import { useAction } from '@/components/ui/use-action';
import { callAction } from '@/lib/action-result';
import type { PhotoTag } from '@/lib/social-api/tags';
import type { Who } from '@/lib/social-api/users';
import { findFriends, tagPhoto } from './actions';
import { centredBox, describeBox } from './box-geometry';
import { TAG_LABEL_MAX } from '@/lib/validations/limits';
import type { TagValues } from '@/lib/validations/photo-tag';
import { usePhotoTags } from './tags-context';

const resolver = lazyZodResolver<TagValues>(() => import('@/lib/validations/photo-tag').then((m) => m.tagSchema));

/**
 * "Tag someone": the box (drawn over the photo, or placed here and moved with the keyboard),
 * then who is in it — a friend picked from a searchable list (an ARIA combobox), or a name
 * typed for someone who is not on the site. The box is sent in the original image's pixels.
 */
export default function TagForm({ onClose }: { onClose: (added?: PhotoTag) => void }) {
  const t = usePhotoTags()!;
  const { draft, natural, drawnAt } = t;
  const id = useId();
  const state = useAction();
  const input = useRef<HTMLInputElement | null>(null);
  const [picked, setPicked] = useState<Who | null>(null);
  const [options, setOptions] = useState<Who[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searching, setSearching] = useState(false);
  // Friends that could not be listed (a session from before the friends scope: 403): a name can still be typed.
  const [searchProblem, setSearchProblem] = useState('');
  const [boxError, setBoxError] = useState('');
  const search = useRef(0);

  const form = useForm<TagValues>({
    resolver,
    defaultValues: { x: 0, y: 0, w: 0, h: 0, userId: 0, who: '' },
  });
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const whoField = register('who');

  // Opening the form puts the keyboard on its first control.
  const place = useRef<HTMLButtonElement>(null);
  // (without scrolling the photo away from someone about to draw on it)
  useEffect(() => {
    place.current?.focus({ preventScroll: true });
    place.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  // A box drawn with the pointer (or Enter on the box): on to who is in it.
  useEffect(() => {
    if (drawnAt > 0) input.current?.focus();
  }, [drawnAt]);
  // The form's box is the one over the photo; a new one drawn answers the box's error.
  const [boxShown, setBoxShown] = useState(draft);
  if (boxShown !== draft) {
    setBoxShown(draft);
    if (draft) setBoxError('');
  }
  useEffect(() => {
    const b = draft ?? { x: 0, y: 0, w: 0, h: 0 };
    for (const k of ['x', 'y', 'w', 'h'] as const) setValue(k, b[k]);
    if (draft) form.clearErrors(['x', 'y', 'w', 'h']);
  }, [draft, setValue, form]);

  const find = (keywords: string) => {
    const n = ++search.current;
    setSearching(true);
    window.setTimeout(async () => {
      if (n !== search.current) return;
      const res = await callAction(() => findFriends(keywords));
      if (n !== search.current) return;
      setSearching(false);
      setOptions(res.ok ? res.data : []);
      setSearchProblem(res.ok ? '' : res.message);
      setActive(-1);
    }, 200);
  };

  const pick = (friend: Who) => {
    setPicked(friend);
    setValue('userId', friend.id);
    setValue('who', friend.name, { shouldValidate: form.formState.isSubmitted });
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        find(e.currentTarget.value);
        return;
      }
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (e.key === 'Enter' && open && active >= 0 && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    const box = { x: values.x, y: values.y, w: values.w, h: values.h };
    const res = await state.run(() => tagPhoto(t.photoId, values));
    if (!res.ok) {
      const { box: apiBox, ...rest } = res.fieldErrors ?? {};
      if (apiBox) setBoxError(apiBox);
      state.setProblem(placeRefusal(form, { ...res, fieldErrors: rest }, ['who']));
      return;
    }
    onClose({
      id: res.data.id,
      user: picked && values.userId === picked.id ? picked : undefined,
      label: values.userId ? '' : values.who.trim(),
      box,
      canDelete: true,
    });
  });

  const listId = `${id}-friends`;
  const typed = useWatch({ control: form.control, name: 'who' }).trim();
  const whoError = errors.who?.message;
  const noBox = !draft && (errors.w || errors.h) ? 'Draw a box around the person on the photo first, or place one with “Place a box”.' : '';
  const hint = picked
    ? `Tagging ${picked.name}, your friend.`
    : typed
      ? `“${typed}” is not a friend picked from the list: the tag will be this name, without a link.`
      : 'Type a friend’s name and pick them from the list, or type any name.';

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Tag someone
      </h3>
      <div>
        <p id={`${id}-box-help`} className="muted">
          Drag over the photo to draw a box around the person, or place a box and move it with the arrow keys (Shift and an arrow key to
          size it).
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button
            ref={place}
            type="button"
            className={buttonStyles.secondary}
            disabled={!natural}
            onClick={() => {
              if (!natural) return;
              t.setDraft(t.draft ?? centredBox(natural));
              t.setDrawnAt(-1);
            }}
          >
            {draft ? 'Adjust the box' : 'Place a box'}
          </button>
          <p aria-live="polite" className="text-sm">
            {draft ? `Box: ${describeBox(draft)}.` : 'No box yet.'}
          </p>
        </div>
        <FormError message={boxError || noBox || errors.x?.message || errors.y?.message} className="mt-1" />
      </div>
      <div className="relative">
        <label htmlFor={`${id}-who`} className="text-sm font-medium">
          Who is this?
        </label>
        <input
          {...whoField}
          ref={(el) => {
            whoField.ref(el);
            input.current = el;
          }}
          id={`${id}-who`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? comboboxOptionId(listId, active) : undefined}
          aria-invalid={whoError ? true : undefined}
          aria-describedby={`${id}-who-hint${whoError ? ` ${id}-who-error` : ''}`}
          autoComplete="off"
          maxLength={TAG_LABEL_MAX}
          className="field"
          onChange={(e) => {
            void whoField.onChange(e);
            setPicked(null);
            setValue('userId', 0);
            setOpen(true);
            find(e.target.value);
          }}
          onFocus={() => {
            if (!picked) {
              setOpen(true);
              find(input.current?.value ?? '');
            }
          }}
          onBlur={(e) => {
            void whoField.onBlur(e);
            setOpen(false);
          }}
          onKeyDown={onKeyDown}
        />
        <ComboboxOptions
          id={listId}
          label="Friends"
          open={open}
          options={options}
          keyOf={(f) => f.id}
          active={active}
          onPick={pick}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          optionClassName={(on) =>
            `flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${on ? 'bg-indigo-100 dark:bg-indigo-900' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`
          }
        >
          {(f) => (
            <>
              {f.image ? <img src={f.image} alt="" width={24} height={24} className="avatar h-6 w-6" /> : null}
              {f.name}
            </>
          )}
        </ComboboxOptions>
        <p id={`${id}-who-hint`} className="muted mt-1" aria-live="polite">
          {searchProblem
            ? `Your friends could not be listed: ${searchProblem}. `
            : open && !searching && !options.length
              ? 'No friend by that name. '
              : ''}
          {hint}
        </p>
        {whoError ? (
          <p id={`${id}-who-error`} className="error-text mt-1">
            {whoError}
          </p>
        ) : null}
      </div>
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} />
      <div className="flex gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={state.pending}>
          {state.pending ? 'Saving…' : 'Save tag'}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => onClose()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
