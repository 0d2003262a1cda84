import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { splitFieldErrors } from '@/lib/validations/field-errors';

// The one way a react-hook-form form shows an action's refusal (every form of the site that has
// one: the blog and listing editors through useKeptForm, the event form, the album and photo
// dialogs, the upload page's album, the tag form). A form without react-hook-form keeps its
// refusal in useAction's `problem` instead (the comment box, share, report, the composer).

/** What a refused form says on its own line. */
export type Refusal = { message: string; signedOut?: boolean };

/**
 * A refused action's field errors on the form's fields of `names` (the first one focused: call it
 * once the fields are enabled again), and what the form's own line says: the refusal's message,
 * then any error that names no field of the form. Nothing typed is touched.
 */
export function placeRefusal<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  res: { message: string; signedOut?: boolean; fieldErrors?: Record<string, string> },
  names: ReadonlyArray<Path<T>>,
): Refusal {
  const { placed, unplaced } = splitFieldErrors(res.fieldErrors, names);
  Object.entries(placed).forEach(([name, message], i) =>
    form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 }),
  );
  return { message: [res.message, ...unplaced].filter(Boolean).join(' '), signedOut: res.signedOut };
}
