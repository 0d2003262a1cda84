import { z } from 'zod';

// The building blocks every resource module parses the API's answers with, tolerantly:
// numbers and flags that some servers send as strings ("12", "1") are accepted, a missing
// optional field gets its default, and one odd entry of a list does not cost the whole list.

/** A number, also when sent as a numeric string; 0 when unreadable. */
export const num = z.coerce.number().catch(0);
/** An identity number: required, an integer. */
export const id = z.coerce.number().int();
/** A string; '' for null, absent or unreadable, a number as its digits. */
export const str = z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string()).catch('');
/** A can_* / is_* flag: true, 1 and "1" are true; anything else (absent too) is false. */
export const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());

/**
 * Keeps the entries that parse; one odd entry does not cost the reader the whole list. Each
 * entry is parsed once (a filter before z.array would parse every entry, and every nested list
 * in it, twice).
 */
export function lenientArray<T extends z.ZodType>(item: T) {
  type Item = z.output<T>;
  const parseEach = (v: unknown): Item[] => {
    if (!Array.isArray(v)) return [];
    const out: Item[] = [];
    for (const x of v) {
      const r = item.safeParse(x);
      if (r.success) out.push(r.data);
    }
    return out;
  };
  // preprocess (not transform) so that an absent list is [] too; the entries are parsed already.
  const list = z.preprocess(
    parseEach,
    z.custom<Item[]>(() => true),
  );
  listItems.set(list, item);
  return list;
}

/** The entry schema of every lenientArray(), for strictOf(). */
const listItems = new WeakMap<z.ZodType, z.ZodType>();

/**
 * Parses an API answer with `schema`, through a fast path first. The tolerant schemas above
 * (numbers sent as strings, absent fields, odd list entries) are built of preprocessors and
 * catches, which zod runs step by step; the same shape with plain types (`z.number()`,
 * `z.string()`, `z.boolean()`, `z.array`) is compiled by zod into one function and parses an
 * answer that already has the spec's types some 5× faster (a feed of 15 activities: ~12 µs
 * against ~70 µs warm, and ~0.6 ms of a feed render in `npm run bench`). Whatever the plain shape accepts, the
 * tolerant one reads to the same value (a narrower type, every field present, no odd entry), so
 * its answer is taken as is; anything else (a "12", a missing field, one odd entry) is read by
 * the tolerant schema, as before.
 */
export function parseAnswer<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  let fast = strictShapes.get(schema);
  if (fast === undefined) strictShapes.set(schema, (fast = strictOf(schema)));
  if (fast) {
    const r = fast.safeParse(value);
    if (r.success) return r.data as z.output<T>;
  }
  return schema.parse(value);
}

const strictShapes = new WeakMap<z.ZodType, z.ZodType | null>();

/**
 * The plain-typed twin of a tolerant schema, or null when it holds a part this does not know
 * (that schema then always takes the tolerant path). Exported for its tests.
 */
export function strictOf(schema: z.ZodType): z.ZodType | null {
  if (schema === num) return z.number();
  if (schema === id) return z.int();
  if (schema === str) return z.string();
  if (schema === flag) return z.boolean();
  const item = listItems.get(schema);
  if (item) {
    const entry = strictOf(item);
    return entry && z.array(entry);
  }
  const def = (schema as z.ZodType & { _zod: { def: StrictDef } })._zod.def;
  switch (def.type) {
    case 'object': {
      // A loose object keeps unknown keys as they came, a plain one drops them: the twin does the same.
      const catchall = def.catchall?._zod.def.type;
      if (catchall !== undefined && catchall !== 'unknown') return null;
      const shape: Record<string, z.ZodType> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const twin = strictOf(field);
        if (!twin) return null;
        shape[key] = twin;
      }
      return catchall ? z.looseObject(shape) : z.object(shape);
    }
    case 'optional': {
      const inner = def.innerType && strictOf(def.innerType);
      return inner ? inner.optional() : null;
    }
    case 'nullable': {
      const inner = def.innerType && strictOf(def.innerType);
      return inner ? inner.nullable() : null;
    }
    // A default or a fallback only fills in what the plain shape requires to be there and right.
    case 'default':
    case 'catch':
      return def.innerType ? strictOf(def.innerType) : null;
    default:
      return null;
  }
}

type StrictDef = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType & { _zod: { def: { type: string } } };
  innerType?: z.ZodType;
};

/** The spec's Option (privacy options, search types, report types): `{id, title}` with string id. */
export const optionSchema = z.looseObject({ id: str, title: str });

/** A module's privacy options (GET /…/view_options, comment_options): those with an id, each titled (its id when untitled). */
export function optionList(raw: unknown): Array<{ id: string; title: string }> {
  return lenientArray(optionSchema)
    .parse(raw)
    .filter((o) => o.id)
    .map((o) => ({ id: o.id, title: o.title.trim() || o.id }));
}

/** The spec's Category: `{id, title}` with a number id. */
export const categorySchema = z.looseObject({ id, title: str });

/**
 * What our API tells an item's owner alone of its settings (docs/api.md, "Extensions"): who may
 * see it and comment, and whether it is shown in searches. Absent for anyone else, and from a
 * server that does not tell them.
 */
export const ownerSettingsShape = {
  allow_search: z.unknown().optional(),
  auth_view: z.string().optional(),
  auth_comment: z.string().optional(),
};

/** The owner's settings of an item (ownerSettingsShape); undefined when the answer does not tell them. */
export function ownerSettingsOf(raw: {
  allow_search?: unknown;
  auth_view?: string;
  auth_comment?: string;
}): { authView: string; authComment: string; searchable: boolean } | undefined {
  if (raw.auth_view === undefined || raw.auth_comment === undefined) return undefined;
  const hidden = raw.allow_search === 0 || raw.allow_search === '0' || raw.allow_search === false;
  return { authView: raw.auth_view, authComment: raw.auth_comment, searchable: !hidden };
}
