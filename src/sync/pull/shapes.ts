import { db } from '../../db/db';
import { productsRemoved } from '../../db/search';
import type { Product } from '../../shared/catalogue';
import { api, ApiError } from '../api/client';
import { putProducts } from './apply';
import { listShape, recountHeld, touchedIds } from './workingSet';
import {
  categoryShape,
  heldShape,
  heldShapes,
  shapeProductIds,
  shapeRowKey,
  type ShapeName,
  type ShapeReason,
  type ShapeState,
} from './shapeRows';

/**
 * Shapes of the catalogue (docs/sync.md#shapes): a device holding a working set keeps its
 * categories of interest (group 2) and the category and seller lists it opened (group 3) fresh
 * by pulling each one's shape of GET /api/sync/ (docs/api.md#shapes) from a cursor of its own.
 * Leaving a shape evicts what no other holder keeps: another shape, a list, or the user.
 */

/** A shape's pages: small enough to write in a few slices, large enough for few round trips. */
const SHAPE_PAGE = 500;
/** The lists opened that are followed as shapes, the most recently fetched first. */
const LIST_SHAPES = 12;
const EVICT_SLICE = 500;
/**
 * A shape pulled whole is asked for its news at most this often: a sync cycle runs at every
 * poke and write, and a dozen shape requests each time would cost a slow link more than a
 * catalogue a few minutes old does.
 */
export const SHAPE_REFRESH_MS = 5 * 60_000;

type Answer = Awaited<ReturnType<typeof api.sync>>;

/** Products a holder other than the shape keeps: what the user touched, the other shapes, and (when leaving) the lists. */
async function heldElsewhere(shape: ShapeName, withLists: boolean): Promise<Set<number>> {
  const keep = await touchedIds();
  if (withLists) for (const list of await db.lists.toArray()) for (const id of list.ids) keep.add(id);
  for (const other of await heldShapes()) {
    if (other.name !== shape) for (const id of await shapeProductIds(other.name)) keep.add(id);
  }
  return keep;
}

/** Deletes products in slices, each its own transaction, and takes them out of the lists that showed them. */
async function evict(ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  for (let from = 0; from < ids.length; from += EVICT_SLICE) {
    const slice = ids.slice(from, from + EVICT_SLICE);
    const gone = new Set(slice);
    await db.transaction('rw', db.products, db.lists, async () => {
      productsRemoved(slice);
      await db.products.bulkDelete(slice);
      await db.lists
        .filter((list) => list.ids.some((id) => gone.has(id)))
        .modify((list) => {
          list.ids = list.ids.filter((id) => !gone.has(id));
        });
    });
  }
  await recountHeld();
}

/** The device follows a shape from now on; a category of interest stays one even when its list is opened too. */
export async function joinShape(shape: ShapeName, reason: ShapeReason): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    const held = await heldShape(shape);
    if (held && (held.value.reason === reason || held.value.reason === 'interest')) return;
    const value: ShapeState = { reason, state: held?.value.state ?? 'partial' };
    await db.syncState.put({ key: shapeRowKey(shape), cursor: held?.cursor ?? null, value, updated_at: Date.now() });
  });
}

/** The device stops following a shape: its cursor goes, and its products that nothing else holds. Answers how many went. */
export async function leaveShape(shape: ShapeName): Promise<number> {
  await db.syncState.delete(shapeRowKey(shape));
  const keep = await heldElsewhere(shape, true);
  const gone = (await shapeProductIds(shape)).filter((id) => !keep.has(id));
  await evict(gone);
  return gone.length;
}

/** Writes one page and the shape's new cursor; false when the shape was left or moved on meanwhile. */
async function applyShapePage(shape: ShapeName, since: string | null, answer: Answer): Promise<boolean> {
  const products = answer.changes.products;
  const upserted = (products?.upserted ?? []) as Product[];
  // Left the shape, or (reset) not sent again: gone unless the user or another shape holds it.
  // A list does not keep it: a deleted product must not stay on a list the device shows.
  const arriving = new Set(upserted.map((p) => p.id));
  const left = answer.reset ? (await shapeProductIds(shape)).filter((id) => !arriving.has(id)) : (products?.deleted ?? []);
  const keep = left.length > 0 ? await heldElsewhere(shape, false) : new Set<number>();
  const written = await db.transaction('rw', db.products, db.syncState, async () => {
    const row = await heldShape(shape);
    if (!row || row.cursor !== since) return false;
    await putProducts(upserted);
    const value: ShapeState = { reason: row.value.reason, state: answer.has_more ? 'partial' : 'done' };
    await db.syncState.put({ key: shapeRowKey(shape), cursor: answer.cursor, value, updated_at: Date.now() });
    return true;
  });
  if (written) await evict(left.filter((id) => !keep.has(id)));
  if (written && upserted.length > 0) await recountHeld();
  return written;
}

/**
 * Pulls a shape until it has nothing new or `keepGoing` says stop. A shape pulled whole once
 * always takes its news; one still filling stops when the device holds `limit` products.
 * A shape the server refuses (its category deleted, its seller gone) is left.
 */
export async function pullShape(
  shape: ShapeName,
  keepGoing: () => boolean = () => true,
  limit = Number.POSITIVE_INFINITY,
): Promise<'done' | 'partial' | 'left'> {
  for (;;) {
    const held = await heldShape(shape);
    if (!held) return 'left';
    if (!keepGoing() || (held.value.state === 'partial' && (await db.products.count()) >= limit)) return 'partial';
    let answer: Answer;
    try {
      answer = await api.sync({ since: held.cursor, limit: SHAPE_PAGE, shape });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) throw error;
      await leaveShape(shape);
      return 'left';
    }
    if (!keepGoing() || !(await applyShapePage(shape, held.cursor, answer))) return 'partial';
    if (!answer.has_more) return 'done';
  }
}

/**
 * The shapes the device follows now: its categories of interest, then the category and seller
 * lists it holds, the most recently fetched first (at most LIST_SHAPES of them).
 */
export async function wantedShapes(interests: ReadonlySet<number>): Promise<Map<ShapeName, ShapeReason>> {
  const wanted = new Map<ShapeName, ShapeReason>();
  for (const id of interests) wanted.set(categoryShape(id), 'interest');
  const lists = (await db.lists.orderBy('fetched_at').reverse().toArray()).map((l) => listShape(l.key));
  for (const shape of lists) {
    if (wanted.size >= interests.size + LIST_SHAPES) break;
    if (shape && !wanted.has(shape)) wanted.set(shape, 'list');
  }
  return wanted;
}

/** Leaves the shapes no longer wanted, joins the new ones, and pulls each, interests first. */
export async function syncShapes(interests: ReadonlySet<number>, keepGoing: () => boolean, limit: number): Promise<void> {
  const wanted = await wantedShapes(interests);
  for (const held of await heldShapes()) {
    const reason = wanted.get(held.name);
    if (!reason) await leaveShape(held.name);
    // A category no longer of interest whose list is still held follows its list now.
    else if (held.value.reason !== reason) await db.syncState.update(shapeRowKey(held.name), { value: { ...held.value, reason } });
  }
  for (const [shape, reason] of wanted) {
    if (!keepGoing()) return;
    await joinShape(shape, reason);
    const held = await heldShape(shape);
    if (held?.value.state === 'done' && Date.now() - held.pulledAt < SHAPE_REFRESH_MS) continue;
    await pullShape(shape, keepGoing, limit);
  }
}
