import { ITEM_TYPES } from '../../domain/items.ts';

/** item_type and item_id, which every likes and comments operation takes (all item types work). */
export const itemProperties = {
  item_type: { type: 'string', enum: ITEM_TYPES },
  item_id: { type: 'integer', minimum: 1 },
} as const;
