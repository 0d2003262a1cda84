'use client';

import { useState, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { FieldErrorHelpers } from '@/components/ui/form-fields';
import { BLOG_TAG_MAX, BLOG_TAGS_MAX } from '@/lib/validations/limits';

export type TagInputProps = {
  /** The text box's id (its <label> points at it). */
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** The text box, for the form to focus when the tags have an error. */
  inputRef?: Ref<HTMLInputElement>;
};

/** "a, b ,, c" → the new tags in it, trimmed, without the ones already there (any case). */
function addTags(current: string[], text: string): string[] {
  const next = [...current];
  for (const raw of text.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ').slice(0, BLOG_TAG_MAX);
    if (tag && !next.some((t) => t.toLowerCase() === tag.toLowerCase())) next.push(tag);
  }
  return next.slice(0, BLOG_TAGS_MAX);
}

/**
 * Tags typed as chips: Enter or a comma makes the words typed a tag, Backspace in the empty box
 * takes the last one back to edit, each chip has its own Remove button, and a pasted "a, b, c"
 * makes three. What is still in the box when it loses the focus becomes a tag too, so nothing
 * typed is lost. The API takes them comma-separated (the form sends them so).
 */
function TagInput({ id, value, onChange, onBlur, invalid, describedBy, disabled, inputRef }: TagInputProps) {
  const [text, setText] = useState('');
  const full = value.length >= BLOG_TAGS_MAX;

  const commit = (more: string) => {
    if (more.trim()) onChange(addTags(value, more));
    setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      // Enter makes a tag, never sends the form from here.
      e.preventDefault();
      commit(text);
    } else if (e.key === 'Backspace' && !text && value.length) {
      e.preventDefault();
      setText(value[value.length - 1]!);
      onChange(value.slice(0, -1));
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text');
    if (!pasted.includes(',')) return;
    e.preventDefault();
    commit(text + pasted);
  };

  return (
    <div
      className={`field flex flex-wrap items-center gap-1.5 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 ${invalid ? 'border-rose-500' : ''}`}
    >
      {value.length ? (
        <ul aria-label="Tags added" className="contents">
          {value.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-sm dark:bg-slate-800">
              {tag}
              <button
                type="button"
                onClick={() => onChange(value.filter((t) => t !== tag))}
                disabled={disabled}
                aria-label={`Remove tag ${tag}`}
                className="rounded-full px-1.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        value={text}
        onChange={(e) => {
          const v = e.target.value;
          // A comma typed or dropped in: what is before it is a tag.
          if (v.includes(',')) commit(v);
          else setText(v);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          commit(text);
          onBlur?.();
        }}
        maxLength={BLOG_TAG_MAX}
        disabled={disabled || full}
        placeholder={full ? `${BLOG_TAGS_MAX} tags: the most a post takes` : value.length ? '' : 'travel, food, …'}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className="min-w-32 flex-1 border-0 bg-transparent p-0.5 text-sm outline-none"
      />
    </div>
  );
}

/** The tags of a form (a blog post's, a listing's): label, chips, hint and the field's error (the form's `tags`). */
export function TagsField<T extends FieldValues>({
  id,
  control,
  helpers,
  disabled,
  inputRef,
}: {
  id: string;
  control: Control<T>;
  helpers: FieldErrorHelpers<T>;
  disabled: boolean;
  /** The text box, for a form that moves the focus to it. */
  inputRef?: (el: HTMLInputElement | null) => void;
}) {
  const name = 'tags' as Path<T>;
  return (
    <div>
      <label htmlFor={`${id}-tags`} className="text-sm font-medium">
        Tags (optional)
      </label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <TagInput
            id={`${id}-tags`}
            inputRef={(el) => {
              inputRef?.(el);
              field.ref(el);
            }}
            value={field.value as string[]}
            onChange={field.onChange}
            onBlur={field.onBlur}
            invalid={helpers.invalid(name)}
            describedBy={helpers.describedBy(name, `${id}-tags-hint`)}
            disabled={disabled}
          />
        )}
      />
      <p id={`${id}-tags-hint`} className="muted mt-1">
        Press Enter or type a comma after each tag.
      </p>
      {helpers.error(name)}
    </div>
  );
}
