import { ITEM_TYPES, type ItemType } from '../../domain/items.ts';

/** item_type and item_id, which every likes and comments operation takes (all item types work). */
export const itemProperties = {
  item_type: { type: 'string', enum: ITEM_TYPES },
  item_id: { type: 'integer', minimum: 1 },
} as const;

export interface ItemParams {
  item_type: ItemType;
  item_id: number;
}
