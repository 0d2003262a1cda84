'use client';

import { useActionState, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { callAction } from '@/lib/action-result';
import type { Newer } from '@/lib/messages/commands';
import { MESSAGE_BODY_MAX } from '@/lib/validations/limits';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useKeptText } from '@/components/ui/use-kept-text';
import { sendReply, type FormAnswer } from './actions';
import { useMessageAttachment } from './message-attachment';

export type ComposerProps = {
  conversationId: number;
  /** Where the draft is kept in this browser (per person and conversation). */
  draftKey: string;
  /** The page a form posted without script comes back to. */
  back: string;
  /** The newest message the page has: what it asks for after sending. */
  since: () => number | null;
  onSent: (newer: Newer) => void;
  /** Who reads it ("Write to Alice Martin"). */
  label: string;
};

/**
 * The composer: Enter sends, Shift+Enter starts a new line. What is typed is kept in this browser
 * per conversation until it is sent (a reload, a crash or a refusal loses nothing), and a refusal
 * says why in the site's words (who may not be written to, a limit and when it lifts) with the
 * text still there. Without script it is a plain form (components/messages/actions.ts sendReply):
 * the page comes back with the message, or with the refusal and the text.
 */
export function Composer({ conversationId, draftKey, back, since, onSent, label }: ComposerProps) {
  const [noScript, formAction] = useActionState<FormAnswer<Newer>, FormData>(sendReply, null);
  const [problem, setProblem] = useState(noScript && !noScript.ok ? noScript.message : '');
  const [pending, setPending] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const id = useId();
  const { ref: field, keep, sent } = useKeptText<HTMLTextAreaElement>(draftKey);

  const attached = useMessageAttachment(id);

  const send = async (formEl: HTMLFormElement, remind = true) => {
    if (pending) return;
    const el = field.current!;
    const text = el.value;
    if (!text.trim()) {
      setProblem(attached.state ? `Write a message with the ${attached.kind}.` : 'Write a message first.');
      el.focus();
      return;
    }
    const may = attached.ready(() => void send(formEl, false), { remind });
    if (!may.go) {
      setProblem(may.problem ?? '');
      return;
    }
    const form = new FormData(formEl);
    form.set('since', String(since() ?? ''));
    setPending(true);
    setProblem('');
    const res = await callAction(
      async () => (await sendReply(null, form)) ?? { ok: false, message: 'Something went wrong. Please try again.' },
    );
    setPending(false);
    if (!res.ok) {
      // The text and the photo or video stay.
      setProblem(res.message);
      setSignedOut(res.signedOut === true);
      el.focus();
      return;
    }
    // What was typed meanwhile (while it was on its way) stays.
    sent(text);
    attached.clear();
    onSent(res.data);
    el.focus();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void send(e.currentTarget);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  };

  return (
    <form action={formAction} onSubmit={submit} className="@container border-t border-slate-200 pt-3 dark:border-slate-800" noValidate>
      <input type="hidden" name="conversationId" value={conversationId} />
      <input type="hidden" name="back" value={back} />
      <label htmlFor={`${id}-body`} className="sr-only">
        {label}
      </label>
      {attached.fields}
      <div className="flex items-end gap-2">
        {attached.buttons}
        <textarea
          ref={field}
          id={`${id}-body`}
          name="body"
          rows={2}
          maxLength={MESSAGE_BODY_MAX}
          defaultValue={noScript && !noScript.ok ? noScript.typed : undefined}
          placeholder="Write a message…"
          onKeyDown={onKeyDown}
          onInput={keep}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
          aria-keyshortcuts="Enter"
          data-kb-key="c"
          className="field mt-0 max-h-48 min-h-11 resize-y"
        />
        <button type="submit" className={buttonStyles.primary} disabled={pending}>
          {pending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <p id={`${id}-hint`} className="muted mt-1 text-xs">
        Enter sends; Shift+Enter starts a new line.
      </p>
      <FormError id={`${id}-error`} message={problem} signedOut={signedOut} className="mt-1" />
    </form>
  );
}
