import { db, type SyncStateRow } from '../../db/db';

/**
 * The shapes a device holds (docs/sync.md#shapes): one sync-state row each, `shape:<name>`,
 * with the shape's own cursor. A shape's products are the rows of that category or supplier,
 * read from the products table's indexes: nothing else records what a shape holds.
 */

export type ShapeName = `category:${number}` | `supplier:${number}`;

/** Why the device holds a shape: a category of interest (group 2) or a list opened (group 3). */
export type ShapeReason = 'interest' | 'list';

export interface ShapeState {
  reason: ShapeReason;
  /** The whole shape has been pulled once; 'partial' when the budget stopped it. */
  state: 'partial' | 'done';
}

const PREFIX = 'shape:';

export const shapeRowKey = (name: ShapeName) => `${PREFIX}${name}`;

export const categoryShape = (id: number): ShapeName => `category:${id}`;
export const supplierShape = (id: number): ShapeName => `supplier:${id}`;

export interface HeldShape {
  name: ShapeName;
  cursor: string | null;
  value: ShapeState;
  /** When a page of it was last written (or it was joined). */
  pulledAt: number;
}

const held = (row: SyncStateRow): HeldShape => ({
  name: row.key.slice(PREFIX.length) as ShapeName,
  cursor: row.cursor ?? null,
  value: row.value as ShapeState,
  pulledAt: row.updated_at ?? 0,
});

export async function heldShapes(): Promise<HeldShape[]> {
  return (await db.syncState.where('key').startsWith(PREFIX).toArray()).map(held);
}

export async function heldShape(name: ShapeName): Promise<HeldShape | null> {
  const row = await db.syncState.get(shapeRowKey(name));
  return row ? held(row) : null;
}

/** The ids of the products a shape holds on this device. */
export function shapeProductIds(name: ShapeName): Promise<number[]> {
  const [kind, id] = name.split(':');
  return db.products
    .where(kind === 'category' ? 'category_id' : 'supplier_id')
    .equals(Number(id))
    .primaryKeys();
}

/** Every shape goes (the catalogue started over, or the device copies the catalogue whole again). */
export function forgetShapes(): Promise<number> {
  return db.syncState.where('key').startsWith(PREFIX).delete();
}
