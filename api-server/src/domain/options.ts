import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/index.ts';
import type { CategoriesTable } from '../db/types.ts';
import { invalidParam } from '../errors.ts';
import { PRIVACY_IDS } from './privacy.ts';

export interface Option {
  id: string;
  title: string;
}

/** The privacy options every module serves (view, comment, tag, photo options). */
export const PRIVACY_OPTIONS: Option[] = [
  { id: 'everyone', title: 'Everyone' },
  { id: 'registered', title: 'All members' },
  { id: 'owner_member', title: 'Friends only' },
  { id: 'owner', title: 'Only me' },
];

/** JSON schema of a privacy parameter (auth_view, auth_comment, auth_tag, auth_photo). */
export const privacyParam = { type: 'string', enum: [...PRIVACY_IDS] } as const;

/**
 * The privacy choices of an event made in a group (the origin's, parent_type=group, without its
 * event guests): its group's members instead of the owner's friends.
 */
export const GROUP_EVENT_PRIVACY_OPTIONS: Option[] = [
  PRIVACY_OPTIONS[0]!,
  PRIVACY_OPTIONS[1]!,
  { id: 'parent_member', title: 'Group members' },
  PRIVACY_OPTIONS[3]!,
];

/**
 * GET /<module>/<name> for each name (view_options, comment_options, …): the privacy options.
 * Call inside the module's plugin, after its scope hook; `marks` go into each route's schema.
 */
export function registerOptionRoutes(
  app: FastifyInstance,
  names: readonly string[],
  marks: RouteMarks = {},
  /** The choices of an item made in a group, answered for `parent_type=group` (events: the origin's). */
  inGroup?: readonly Option[],
): void {
  const querystring = inGroup
    ? { type: 'object', properties: { parent_type: { type: 'string', enum: ['user', 'group'], default: 'user' } } }
    : undefined;
  for (const name of names) {
    const summary = `The privacy choices of ${name.replace('_options', '')} (${PRIVACY_IDS.join(', ')})`;
    app.get<{ Querystring: { parent_type?: string } }>(
      `/${name}`,
      { schema: { summary, ...(querystring && { querystring }), ...marks } },
      async (req) => ({
        success: true,
        data: inGroup && req.query.parent_type === 'group' ? inGroup : PRIVACY_OPTIONS,
      }),
    );
  }
}

type Module = CategoriesTable['module'];

/** What a module adds to the route schemas of these (openapi/marks.ts: `extension(…)`). */
type RouteMarks = Record<string, unknown>;

/** GET /<module>/categories: the module's categories, by title. */
export function registerCategoriesRoute(app: FastifyInstance, module: Module, marks: RouteMarks = {}): void {
  app.get('/categories', { schema: { summary: `The categories of ${module} items, by title`, ...marks } }, async () => ({
    success: true,
    data: await listCategories(app.db, module),
  }));
}

function listCategories(db: DB, module: Module): Promise<Array<{ id: number; title: string }>> {
  return db.selectFrom('categories').select(['id', 'title']).where('module', '=', module).orderBy('title').orderBy('id').execute();
}

/** A category_id given by a client must be one of the module's categories (400 naming the parameter otherwise). */
export async function checkCategory(db: DB, module: Module, id: number | undefined | null, param = 'category_id'): Promise<void> {
  if (id === undefined || id === null) return;
  const found = await db.selectFrom('categories').select('id').where('module', '=', module).where('id', '=', id).executeTakeFirst();
  if (!found) throw invalidParam(param, `is not a category of this module`);
}

/** Category objects by id, for presenting many items at once. */
export async function getCategories(db: DB, ids: Iterable<number | null>): Promise<Map<number, { id: number; title: string }>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('categories').select(['id', 'title']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r]));
}
