import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';

/**
 * Numbers in every route's schema, checked in one place.
 *
 * Ajv's type coercion turns the strings "1e400" and "Infinity" into Infinity, calls that an
 * integer (Infinity % 1 is NaN), and then skips minimum/maximum because they only test finite
 * numbers: such a value reached the handlers and SQL. And an integer without a maximum let
 * 99999999999999999999999 through as 1e23, which no id or count can be. So every route's schema
 * is hardened when the route is registered (an onRoute hook, before Fastify compiles it): each
 * `integer` gets the `safeInteger` keyword (a safe integer: |n| ≤ 2^53 − 1), each `number` the
 * `finiteNumber` keyword. A route written tomorrow is covered without doing anything.
 */

const SAFE_INTEGER_KEYWORD = 'safeInteger';
const FINITE_NUMBER_KEYWORD = 'finiteNumber';

const bound = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, v)) : fallback;

type KeywordValidate = ((on: boolean, data: unknown, parentSchema?: Record<string, unknown>) => boolean) & { errors?: object[] };

/**
 * A keyword validator that names the range the number must be in (the schema's own
 * minimum/maximum when it has them) instead of Ajv's "must pass keyword validation".
 */
function numberCheck(keyword: string, ok: (n: number) => boolean, words: string): KeywordValidate {
  const validate: KeywordValidate = (on, data, parentSchema) => {
    if (!on || typeof data !== 'number' || ok(data)) return true;
    const min = bound(parentSchema?.minimum, -Number.MAX_SAFE_INTEGER);
    const max = bound(parentSchema?.maximum, Number.MAX_SAFE_INTEGER);
    validate.errors = [{ keyword, params: { min, max }, message: `must be ${words} between ${min} and ${max}` }];
    return false;
  };
  return validate;
}

/** Fastify's own type of an Ajv plugin (its `ajv.plugins` option), so Ajv's types need no import of their own. */
type AjvPlugin = Extract<NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number], (...args: never[]) => unknown>;
type Ajv = Parameters<AjvPlugin>[0];

/** The Ajv plugin that defines both keywords (Fastify's `ajv.plugins`). */
export function safeNumberKeywords(ajv: Ajv): Ajv {
  // No `type` on the keywords: Ajv runs typed keywords only for finite numbers, the very case
  // they must catch. They run after the type keyword has coerced the string.
  ajv.addKeyword({
    keyword: SAFE_INTEGER_KEYWORD,
    schemaType: 'boolean',
    errors: true,
    validate: numberCheck(SAFE_INTEGER_KEYWORD, Number.isSafeInteger, 'a whole number'),
  });
  ajv.addKeyword({
    keyword: FINITE_NUMBER_KEYWORD,
    schemaType: 'boolean',
    errors: true,
    validate: numberCheck(FINITE_NUMBER_KEYWORD, Number.isFinite, 'a number'),
  });
  return ajv;
}

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

function typesOf(schema: Schema): string[] {
  const t = schema.type;
  return typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
}

// One hardened copy per schema: the routes' schemas are module constants, so every app the process
// builds (tests build hundreds) hands the validator compiler the same objects, whose compiled
// validators Ajv keeps (app.ts, `validators`).
const hardened = new WeakMap<object, unknown>();

/** A copy of `schema` with the number keywords on every integer and number it describes. */
function hardenSchema<T>(schema: T): T {
  if (!Array.isArray(schema) && !isObject(schema)) return schema;
  let out = hardened.get(schema) as T | undefined;
  if (out === undefined) hardened.set(schema, (out = hardenCopy(schema)));
  return out;
}

function hardenCopy<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((s) => hardenSchema(s)) as T;
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // Values inside these are data, not schemas.
    out[key] = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : hardenSchema(value);
  }
  const types = typesOf(schema);
  if (types.includes('integer')) out[SAFE_INTEGER_KEYWORD] = true;
  else if (types.includes('number')) out[FINITE_NUMBER_KEYWORD] = true;
  return out as T;
}

const INPUT_SCHEMAS = ['params', 'querystring', 'query', 'body', 'headers'] as const;

function hardenRoute(route: RouteOptions): void {
  const schema = route.schema as Schema | undefined;
  if (!schema) return;
  const hardened: Schema = { ...schema };
  for (const part of INPUT_SCHEMAS) if (part in schema) hardened[part] = hardenSchema(schema[part]);
  route.schema = hardened as RouteOptions['schema'];
}

/** Registers the hook; call before any route is added. */
export function hardenNumbers(app: FastifyInstance): void {
  app.addHook('onRoute', hardenRoute);
}
