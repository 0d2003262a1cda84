'use client';

import { useActionState, useId, useState, type FormEvent } from 'react';
import { callAction } from '@/lib/action-result';
import type { MessagePrivacy } from '@/lib/social-api/privacy';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { saveMessagePrivacy, type FormAnswer } from './actions';

const CHOICES: Array<{ value: MessagePrivacy; label: string; hint: string }> = [
  { value: 'everyone', label: 'Everyone signed in', hint: 'Any member may start a conversation with you.' },
  { value: 'friends', label: 'Friends only', hint: 'Only your friends may start one.' },
  { value: 'none', label: 'Nobody', hint: 'Nobody may start one.' },
];

/** Who may start a conversation with the reader: three choices and Save (a plain form without script). */
export function PrivacyForm({ privacy }: { privacy: MessagePrivacy }) {
  const [noScript, formAction] = useActionState<FormAnswer, FormData>(saveMessagePrivacy, null);
  const [saved, setSaved] = useState('');
  const [problem, setProblem] = useState(noScript && !noScript.ok ? noScript.message : '');
  const [pending, setPending] = useState(false);
  const id = useId();

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setSaved('');
    setProblem('');
    const res = await callAction(async () => (await saveMessagePrivacy(null, form)) ?? { ok: false, message: 'Something went wrong.' });
    setPending(false);
    if (res.ok) setSaved(res.message);
    else setProblem(res.message);
  };

  return (
    <form action={formAction} onSubmit={submit}>
      <input type="hidden" name="back" value="/settings/privacy" />
      <fieldset>
        <legend className="font-semibold">Who may start a conversation with you</legend>
        <div className="mt-3 space-y-2">
          {CHOICES.map((c) => (
            <div key={c.value} className="flex items-start gap-3 text-sm">
              <input
                id={`${id}-${c.value}`}
                type="radio"
                name="privacy"
                value={c.value}
                defaultChecked={c.value === privacy}
                aria-describedby={`${id}-${c.value}-hint`}
                className="mt-1 accent-indigo-600"
              />
              <div>
                <label htmlFor={`${id}-${c.value}`} className="font-medium">
                  {c.label}
                </label>
                <p id={`${id}-${c.value}-hint`} className="muted">
                  {c.hint}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <p className="muted mt-3">
        Whatever you choose, a member may write to you once about a listing you sell or an event you organise, and anyone in a conversation
        with you may answer in it — unless one of you blocked the other.
      </p>
      <div className="mt-4 flex items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </button>
        <p role="status" className="muted">
          {saved}
        </p>
      </div>
      <FormError message={problem} className="mt-2" />
    </form>
  );
}
