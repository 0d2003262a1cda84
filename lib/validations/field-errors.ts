/** Field errors of a failed parse, one message per field (the first), for the form. */
export function fieldErrorsOf(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Field errors of a failed save whose form values sit under `values` ({id?, values, …}): one
 * message per field of the form, and anything else (a bad id) under `form`, a request no form sends.
 */
export function valuesFieldErrors(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const [head, field] = issue.path;
    const key = head === 'values' && field !== undefined ? String(field) : 'form';
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * A reader of the API's field errors under a form's field names (anything else goes to `form`).
 * The API's messages often start where the field's name would ("is required", "is not a
 * category of this module"): they get it, so that each reads as a sentence beside its field.
 */
export function apiFieldErrorsReader<F extends string>(apiNames: Record<string, F>, nouns: Record<F | 'form', string>) {
  return (apiFieldErrors: Record<string, string>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [name, raw] of Object.entries(apiFieldErrors)) {
      const field: F | 'form' = apiNames[name] ?? 'form';
      const text = raw.trim().replace(/\.$/, '') || 'is not valid';
      const message = `${/^[a-z]/.test(text) ? `${nouns[field]} ${text}` : text}.`;
      out[field] = out[field] ? `${out[field]} ${message}` : message;
    }
    return out;
  };
}
