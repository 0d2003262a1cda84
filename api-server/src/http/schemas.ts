/** Route schema pieces every module shares. */

/** `/:id` path parameters: a positive integer id. */
export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;

/** A required positive-integer `user_id`: a body or a path naming a member. */
export const userIdSchema = {
  type: 'object',
  properties: { user_id: { type: 'integer', minimum: 1 } },
  required: ['user_id'],
} as const;
