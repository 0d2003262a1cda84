/** A table's entry for `key`: its own, never Object.prototype's (an API's name could be `constructor`). */
const own = <V>(table: Partial<Record<string, V>>, key: string): V | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

/** A failed parse's issues (a ZodError, from zod or zod/mini). */
type Issues = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

/** Field errors of a failed parse, one message per field (the first), for the form. */
export function fieldErrorsOf(error: Issues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * A refusal's field errors split by the fields a form shows (`names`): `placed`, each beside its
 * field (in the refusal's order), and `unplaced`, the messages of any other (`form`, a part the
 * form has no line for), for the form's own line.
 */
export function splitFieldErrors(
  fieldErrors: Record<string, string> | undefined,
  names: readonly string[],
): { placed: Record<string, string>; unplaced: string[] } {
  const placed: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [name, message] of Object.entries(fieldErrors ?? {})) {
    if (names.includes(name)) placed[name] = message;
    else unplaced.push(message);
  }
  return { placed, unplaced };
}

/**
 * Field errors of a failed parse whose form's values sit under `under` ({id?, values, …}): one
 * message per field of the form; `parts` names other parts of the input the page shows
 * ({photoIds: 'photos'}); anything else (a bad id) goes under `form`, a request no form sends.
 */
export function nestedFieldErrorsOf(error: Issues, under: string, parts: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const [head, field] = issue.path;
    const key = head === under && field !== undefined ? String(field) : (own(parts, String(head)) ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/** Field errors of a failed save ({id?, values, …}): the form's by field, anything else under `form`. */
export const valuesFieldErrors = (error: Issues) => nestedFieldErrorsOf(error, 'values');

/** The API's field errors (its `error_params`: name → message) under a form's field names. */
export type FieldErrorsReader = (apiFieldErrors: Record<string, string>) => Record<string, string>;

/**
 * The one way an action puts the API's field errors on its form: `fields` names the form's field
 * for each of the API's names; any other goes to `other` (`form`, the form's own line, unless
 * told). With `nouns` (what a field is called in a sentence, by the API's name or the form's),
 * each message reads as a sentence beside its field: the API's words often start where the
 * name would ("is required", "is not a category of this module") and get it; several on one
 * field follow one another. Without nouns the API's words are kept, several joined by "; ".
 */
export function apiFieldErrorsReader<F extends string>(
  fields: Record<string, F>,
  { nouns, other = 'form' }: { nouns?: Partial<Record<string, string>>; other?: F | 'form' } = {},
): FieldErrorsReader {
  return (apiFieldErrors) => {
    const out: Record<string, string> = {};
    for (const [name, raw] of Object.entries(apiFieldErrors)) {
      const field: string = own(fields, name) ?? other;
      if (!nouns) {
        out[field] = out[field] ? `${out[field]}; ${raw}` : raw;
        continue;
      }
      const text = raw.trim().replace(/\.$/, '') || 'is not valid';
      const noun = own(nouns, name) ?? own(nouns, field);
      const message = `${noun && /^[a-z]/.test(text) ? `${noun} ${text}` : text}.`;
      out[field] = out[field] ? `${out[field]} ${message}` : message;
    }
    return out;
  };
}
