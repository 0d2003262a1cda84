'use client';

import type { ReactNode } from 'react';

/** A labelled control with its error below it, tied together for screen readers. */
export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} className="error-text mt-1">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Puts a failed action's field errors on the form's fields; answers whether any landed. */
export function applyFieldErrors<N extends string>(fieldErrors: Record<string, string> | undefined, names: readonly N[], setError: (name: N, e: { message: string }) => void): string {
  let rest = '';
  for (const [name, message] of Object.entries(fieldErrors ?? {})) {
    if ((names as readonly string[]).includes(name)) setError(name as N, { message });
    else rest = rest ? `${rest} ${message}` : message;
  }
  return rest;
}
