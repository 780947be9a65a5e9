import type { Database } from '../db';
import { productQuery } from '../services/catalogue/products';
import { productEntries } from './catalogue';
import { inWindow, type FeedWindow } from './feed';
import type { FeedEntry } from './types';

/**
 * Shapes of the products collection (docs/api.md#shapes): the products of one category or of
 * one supplier, pulled with a cursor of their own. A page is a range of the index
 * (category_id, txid, seq) or (supplier_id, txid, seq), plus the shape's tombstones: its
 * products deleted, and those that left it alive (`products:exit`, migration 0025).
 */

export interface Shape {
  kind: 'category' | 'supplier';
  id: number;
}

export const SHAPE_PATTERN = /^(category|supplier):([1-9]\d{0,9})$/;

/** Tombstones a shape reads: deletions, and exits of products that live on elsewhere. */
export const SHAPE_TOMBSTONES = ['products', 'products:exit'];

export const shapeColumn = (shape: Shape) => (shape.kind === 'category' ? 'category_id' : 'supplier_id');

export function readShape(text: string): Shape | null {
  const match = SHAPE_PATTERN.exec(text);
  if (!match) return null;
  const id = Number(match[2]);
  return id <= 2_147_483_647 ? { kind: match[1] as Shape['kind'], id } : null;
}

/** Whether the category, or the supplier, exists: a shape of nothing is refused. */
export async function shapeExists(db: Database, shape: Shape): Promise<boolean> {
  const row =
    shape.kind === 'category'
      ? await db.selectFrom('categories').select('id').where('id', '=', shape.id).executeTakeFirst()
      : await db.selectFrom('users').select('id').where('id', '=', shape.id).where('user_type', '=', 'SUPPLIER').executeTakeFirst();
  return row !== undefined;
}

/** The shape's products inside the window, in feed order, in the shape of GET /api/products/<id>/. */
export async function shapeProducts(db: Database, shape: Shape, userId: number | null, window: FeedWindow): Promise<FeedEntry[]> {
  const rows = await productQuery(db)
    .where(`p.${shapeColumn(shape)}`, '=', shape.id)
    .where(inWindow('p', window))
    .orderBy('p.txid')
    .orderBy('p.seq')
    .limit(window.limit)
    .execute();
  return productEntries(db, rows, userId);
}
