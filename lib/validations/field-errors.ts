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
