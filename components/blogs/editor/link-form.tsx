'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { linkAddress, type RichText } from './prose';

export type LinkFormProps = { editor: RichText; onClose: () => void };

/**
 * Adds, changes or removes the link at the selection. With nothing selected it asks for the
 * words to show as well. Not a <form> (it sits inside the post's form): Enter applies, Escape
 * closes, and either way the writing goes on where it was.
 */
export function LinkForm({ editor, onClose }: LinkFormProps) {
  const id = useId();
  const inLink = editor.isActive('link');
  const withText = editor.state.selection.empty && !inLink;
  const [href, setHref] = useState<string>(inLink ? (editor.linkHref() ?? '') : '');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const close = () => {
    onClose();
    editor.focus();
  };
  const apply = () => {
    const address = linkAddress(href);
    if (!address) {
      setError('Type a web address (https://…) or an e-mail address.');
      input.current?.focus();
      return;
    }
    // With nothing selected, the words typed here (or the address) as the link; what is typed next is not part of it.
    if (withText) editor.insertLink(text.trim() || address, address);
    else editor.setLink(address);
    onClose();
  };
  const remove = () => {
    editor.unsetLink();
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Enter in a box applies (and does not send the post's form); on a button it presses that button.
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      apply();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- catches Enter and Escape bubbling from the group's fields and buttons
    <div
      role="group"
      aria-label="Link"
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-end gap-3 border-b border-slate-200 bg-slate-50 px-3 py-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="min-w-56 flex-1">
        <label htmlFor={`${id}-href`} className="text-sm font-medium">
          Link address
        </label>
        <input
          ref={input}
          id={`${id}-href`}
          type="text"
          inputMode="url"
          value={href}
          onChange={(e) => {
            setHref(e.target.value);
            setError('');
          }}
          placeholder="https://example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="field"
        />
      </div>
      {withText ? (
        <div className="min-w-40 flex-1">
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            Link text
          </label>
          <input id={`${id}-text`} type="text" value={text} onChange={(e) => setText(e.target.value)} className="field" />
        </div>
      ) : null}
      <div className="flex gap-2">
        <button type="button" onClick={apply} className="btn btn-primary">
          Apply link
        </button>
        {inLink ? (
          <button type="button" onClick={remove} className="btn btn-secondary">
            Remove link
          </button>
        ) : null}
        <button type="button" onClick={close} className="btn btn-secondary">
          Cancel
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="error-text w-full">
          {error}
        </p>
      ) : null}
    </div>
  );
}
