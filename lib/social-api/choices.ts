import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { categorySchema, lenientArray, optionSchema } from './primitives.ts';

/** One choice of a privacy (or role) option list: the spec's Option. */
export type Choice = { id: string; title: string };

/** A module's categories and its option lists of `N`. */
export type ItemChoices<N extends string> = { categories: Array<{ id: number; title: string }> } & Record<N, Choice[]>;

/**
 * What a module's form and list filters offer, read together: GET /{module}/categories and, for
 * each of `names`, GET /{module}/{name}_options (events: view, comment, photo; groups: view,
 * comment, photo, event).
 */
export async function readChoices<const N extends string>(
  token: string,
  module: string,
  names: readonly N[],
  /** Words the option lists take (events: parent_type). */
  query?: Record<string, string>,
): Promise<ItemChoices<N>> {
  const config = apiConfig();
  const [categories, ...lists] = await Promise.all([
    apiFetch(config, `/${module}/categories`, { token }).then((d) =>
      lenientArray(categorySchema)
        .parse(d)
        .map((c) => ({ id: c.id, title: c.title })),
    ),
    ...names.map(async (name) =>
      lenientArray(optionSchema)
        .parse(await apiFetch(config, `/${module}/${name}_options`, { token, query }))
        .map((o) => ({ id: o.id, title: o.title })),
    ),
  ]);
  return { categories, ...(Object.fromEntries(names.map((n, i) => [n, lists[i]!])) as Record<N, Choice[]>) };
}
