import { invalidParams } from '../errors.ts';

/** Route schema pieces every module shares. */

/** `/:id` path parameters: a positive integer id. */
export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;

/**
 * Ajv's coercion turns "1e400" or "Infinity" into Infinity after its integer check and skips
 * minimum/maximum for non-finite numbers, so such a value reaches the handler: refuse it as the
 * schema would have (400 naming the parameter).
 */
export function requireFinite(params: Record<string, number | undefined>): void {
  const bad = Object.entries(params).filter(([, v]) => v !== undefined && !Number.isFinite(v));
  if (bad.length) throw invalidParams(bad.map(([name]) => ({ name, message: 'must be integer', error_text: 'invalid_parameter' as const })));
}
