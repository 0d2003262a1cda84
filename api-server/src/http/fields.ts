import { invalidParam } from '../errors.ts';

/**
 * The `fields` query parameter (spec rule 4): a comma-separated choice from the endpoint's
 * allowed names. Without it every allowed field is returned, or `defaults` when given (an
 * endpoint with extension fields answers only the spec's unless they are asked for). An
 * unknown name is a 400.
 */
export function parseFields(
  param: string | undefined,
  allowed: readonly string[],
  name = 'fields',
  defaults: readonly string[] = allowed,
): string[] {
  if (param === undefined || param.trim() === '') return [...defaults];
  const wanted = param
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const unknown = wanted.filter((f) => !allowed.includes(f));
  if (unknown.length) {
    // Named back, but cut: a refusal does not hand a client's megabyte back to it.
    const shown = unknown.slice(0, 5).map((f) => (f.length > 40 ? `${f.slice(0, 40)}…` : f));
    if (unknown.length > 5) shown.push(`and ${unknown.length - 5} more`);
    throw invalidParam(name, `unknown field${unknown.length > 1 ? 's' : ''} ${shown.join(', ')}; allowed: ${allowed.join(' ')}`);
  }
  return [...new Set(wanted)];
}

export function pick<T extends Record<string, unknown>>(obj: T, fields: readonly string[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in obj) out[f] = obj[f];
  return out as Partial<T>;
}
