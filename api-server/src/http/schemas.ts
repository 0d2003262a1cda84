/** Route schema pieces every module shares. */

/** `/:id` path parameters: a positive integer id. */
export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;
