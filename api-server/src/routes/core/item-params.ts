import { ITEM_TYPES } from '../../domain/items.ts';
import type { InferProperties } from '../../http/schemas.ts';

/** item_type and item_id, which every likes and comments operation takes (all item types work). */
export const itemProperties = {
  item_type: { type: 'string', enum: ITEM_TYPES },
  item_id: { type: 'integer', minimum: 1 },
} as const;

/** Both required, as every operation that takes them requires them. */
export type ItemParams = Required<InferProperties<typeof itemProperties>>;
