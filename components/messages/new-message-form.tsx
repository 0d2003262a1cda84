'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useId, useState, type FormEvent } from 'react';
import { callAction } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import { MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX } from '@/lib/validations/limits';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useKeptText } from '@/components/ui/use-kept-text';
import { startConversation, type FormAnswer } from './actions';
import { useMessageAttachment } from './message-attachment';

export type NewMessageFormProps = {
  /** The form's fields that say where it goes: `to`, or `item_type` and `item_id`, or `guests_of`, or `members_of`. */
  target: Record<string, string | number>;
  /** Whether it asks for a subject (an item's conversation takes the item's title). */
  subject: boolean;
  /** Where the draft is kept in this browser (per person and recipient). */
  draftKey: string;
  /** The message field's label ("Message to Alice Martin"). */
  label: string;
  /** What the send button says ("Send", "Send to the guests"). */
  send: string;
};

/**
 * A new message: an optional subject and the text, kept in this browser until sent. Sent, the
 * conversation opens; refused, the reason shows with everything typed still there. A plain form
 * without script (components/messages/actions.ts startConversation).
 */
export function NewMessageForm({ target, subject, draftKey, label, send }: NewMessageFormProps) {
  const [noScript, formAction] = useActionState<FormAnswer<{ id: number }>, FormData>(startConversation, null);
  const [problem, setProblem] = useState(noScript && !noScript.ok ? noScript.message : '');
  const [signedOut, setSignedOut] = useState(false);
  const [pending, setPending] = useState(false);
  const router = useRouter();
  const id = useId();
  const { ref: body, keep, forget } = useKeptText<HTMLTextAreaElement>(draftKey);

  const attached = useMessageAttachment(id);

  const sendForm = async (formEl: HTMLFormElement, remind = true) => {
    if (pending) return;
    if (!body.current!.value.trim()) {
      setProblem(attached.state ? `Write a message with the ${attached.kind}.` : 'Write a message first.');
      body.current!.focus();
      return;
    }
    const may = attached.ready(() => void sendForm(formEl, false), { remind });
    if (!may.go) {
      setProblem(may.problem ?? '');
      return;
    }
    const form = new FormData(formEl);
    setPending(true);
    setProblem('');
    const res = await callAction(
      async () => (await startConversation(null, form)) ?? { ok: false, message: 'Something went wrong. Please try again.' },
    );
    if (!res.ok) {
      // The text and the photo or video stay.
      setPending(false);
      setProblem(res.message);
      setSignedOut(res.signedOut === true);
      body.current!.focus();
      return;
    }
    forget();
    router.push(routes.conversation(res.data.id));
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void sendForm(e.currentTarget);
  };

  return (
    <form action={formAction} onSubmit={submit} className="card @container mt-6 space-y-4" noValidate>
      {Object.entries(target).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {subject ? (
        <div>
          <label htmlFor={`${id}-title`} className="block text-sm font-medium">
            Subject <span className="muted font-normal">(optional)</span>
          </label>
          <input id={`${id}-title`} name="title" maxLength={MESSAGE_TITLE_MAX} className="field" />
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-body`} className="block text-sm font-medium">
          {label}
        </label>
        <textarea
          ref={body}
          id={`${id}-body`}
          name="body"
          rows={6}
          maxLength={MESSAGE_BODY_MAX}
          defaultValue={noScript && !noScript.ok ? noScript.typed : undefined}
          onInput={keep}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          data-kb-key="c"
          className="field"
        />
      </div>
      {attached.fields}
      <FormError id={`${id}-error`} message={problem} signedOut={signedOut} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {attached.buttons}
        <button type="submit" className={buttonStyles.primary} disabled={pending}>
          {pending ? 'Sending…' : send}
        </button>
      </div>
    </form>
  );
}
