import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * Route schema pieces every module shares, and the types of what a route's schemas let through.
 *
 * A route's TypeScript types come from its own JSON schemas (`as const`): `Infer<typeof schema>`
 * is what Ajv hands the handler once the schema has checked the request (coerced, with its
 * defaults applied: a property with a `default` is always there), so that a schema and its type
 * cannot disagree. The properties a schema does not name, which JSON Schema lets through
 * (`additionalProperties` is not set: the routes take them and ignore them), are left out of the
 * type: a handler reads only what its schema checked.
 */
export type Infer<S extends JSONSchema> = Known<FromSchema<S>>;

/** The type of an object schema of these properties, none required (a query of optional words). */
export type InferProperties<P extends Record<string, JSONSchema>> = Infer<{ readonly type: 'object'; readonly properties: P }>;

/** T without its string index signature (FromSchema's type of additional properties). */
type Known<T> = T extends object ? { [K in keyof T as string extends K ? never : K]: T[K] } : T;

/** `/:id` path parameters: a positive integer id. */
export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;

export type IdParams = Infer<typeof idParams>;

/** A required positive-integer `user_id`: a body or a path naming a member. */
export const userIdSchema = {
  type: 'object',
  properties: { user_id: { type: 'integer', minimum: 1 } },
  required: ['user_id'],
} as const;
