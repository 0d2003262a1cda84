'use client';

import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { callAction } from '@/lib/action-result';
import type { ReportTarget, ReportType } from '@/lib/social-api/core';
import { REPORT_DESCRIPTION_MAX, reportCreateSchema } from '@/lib/validations/social';
import { buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { loadReportTypes, report } from './actions';

export type ReportDialogProps = {
  item: ReportTarget;
  /** A comment of the item instead of the item. */
  commentId?: number;
  /** What is reported, in words: "this post", "this comment". */
  what: string;
  onClose: () => void;
  onReported: (message: string) => void;
};

type Errors = { type?: string; description?: string; form?: string; signedOut?: boolean };

/**
 * Report: the reasons the site lists (GET /core/report_types), a description, one report per
 * item. A second report of the same thing is refused by the site, and its words are shown.
 */
export default function ReportDialog({ item, commentId, what, onClose, onReported }: ReportDialogProps) {
  const [types, setTypes] = useState<ReportType[] | null>(null);
  const [typesError, setTypesError] = useState('');
  const [type, setType] = useState('');
  const [description, setDescription] = useState('');
  const { pending, problem, run, invalid } = useAction();
  // The fields' own errors (from the schema here or the site's), and the site's reason (e.g. already reported).
  const errors: Errors = { ...problem?.fieldErrors, form: problem?.message || undefined, signedOut: problem?.signedOut };
  const id = useId();

  const fetchTypes = useCallback(
    () =>
      callAction(loadReportTypes).then((res) => {
        if (res.ok) setTypes(res.data);
        else setTypesError(res.message);
      }),
    [],
  );
  useEffect(() => void fetchTypes(), [fetchTypes]);
  const retryTypes = () => {
    setTypesError('');
    void fetchTypes();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const values = { item, commentId, type, description };
    const parsed = reportCreateSchema.safeParse(values);
    if (!parsed.success) {
      invalid(parsed.error, ['type', 'description']);
      return;
    }
    // On a failure everything chosen and typed stays.
    const res = await run(() => report(values));
    if (res.ok) onReported(res.message);
  };

  return (
    <Dialog
      open
      onClose={() => !pending && onClose()}
      title={`Report ${what}`}
      description="Tell the site’s team what is wrong. The person you report is not told who reported them."
    >
      <form onSubmit={submit} noValidate>
        {types === null ? (
          typesError ? (
            <div>
              <FormError message={typesError} />
              <button type="button" className={`${buttonStyles.secondary} mt-2`} onClick={retryTypes}>
                Try again
              </button>
            </div>
          ) : (
            <p className="muted">Loading the reasons…</p>
          )
        ) : (
          <fieldset aria-describedby={errors.type ? `${id}-type-error` : undefined}>
            <legend className="text-sm font-medium">What is wrong?</legend>
            <div className="mt-2 space-y-1.5">
              {types.map((t) => (
                <label key={t.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value={t.id}
                    checked={type === t.id}
                    onChange={() => setType(t.id)}
                    className="accent-indigo-600"
                  />
                  {t.title}
                </label>
              ))}
            </div>
            <FormError id={`${id}-type-error`} message={errors.type} className="mt-1" />
          </fieldset>
        )}
        <label htmlFor={`${id}-description`} className="mt-4 block text-sm font-medium">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={3}
          maxLength={REPORT_DESCRIPTION_MAX}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          className="field"
        />
        <FormError id={`${id}-description-error`} message={errors.description} className="mt-1" />
        <FormError message={errors.form} signedOut={errors.signedOut} className="mt-3" />
        <div className="mt-4 flex justify-end gap-3">
          <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.danger} disabled={pending || types === null}>
            {pending ? 'Sending…' : 'Send report'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
