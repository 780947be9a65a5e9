import { db } from '../../db/db';
import { productsRemoved } from '../../db/search';
import { categoryShape, heldShapes, shapeProductIds, shapeRowKey, supplierShape, type ShapeName } from './shapeRows';
import { BUDGET_KEY, CAP_KEY, HELD_KEY, DEFAULT_BUDGET_MB, MB, PRODUCT_BYTES, TRIMMED_KEY, type Trimmed } from '../../shared/working-set';

export { CAP_KEY } from '../../shared/working-set';

/**
 * What of the catalogue a device holds (docs/sync.md#working-set): a working set within a
 * budget, not a mirror. In order of priority:
 *   1. what the user touched: favourites, the products of their conversations and reviews, the
 *      last 50 viewed, a supplier's own products, the targets of unsent actions (never evicted);
 *   2. the home sections and the categories of interest (their shapes, ./shapes.ts);
 *   3. listing and search pages opened, the most recently fetched first, with the shapes of
 *      the category and seller lists among them;
 *   4. the rest, newest and best rated in turn, while the budget allows.
 * A catalogue that fits the budget is copied whole, as the catalogue stream always did.
 */

/** Room kept for the user's own data (favourites, messages, the outbox): the catalogue stops short of it. */
export function reservedBytes(quota: number): number {
  return Math.max(4 * MB, quota * 0.2);
}

export async function budgetBytes(): Promise<number> {
  const stored = (await db.syncState.get(BUDGET_KEY))?.value;
  return typeof stored === 'number' && stored > 0 ? stored : DEFAULT_BUDGET_MB * MB;
}

/** How many products the device may hold now: the budget, lowered by the quota when it stopped the copy. */
export async function productLimit(): Promise<number> {
  const [budget, cap] = await Promise.all([budgetBytes(), db.syncState.get(CAP_KEY)]);
  const byBudget = Math.floor(budget / PRODUCT_BYTES);
  return typeof cap?.value === 'number' ? Math.min(byBudget, cap.value) : byBudget;
}

export async function setBudget(megabytes: number): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    await db.syncState.put({ key: BUDGET_KEY, value: megabytes * MB, updated_at: Date.now() });
    // The user chose again: the quota is measured afresh rather than remembered.
    await db.syncState.delete(CAP_KEY);
  });
}

/** The quota a refused write showed (usage at that moment): Chromium's estimate() answers a fixed 10 GiB, whatever the real quota. */
const QUOTA_KEY = 'storage:quota';

export async function storageUse(): Promise<{ usage: number; quota: number } | null> {
  try {
    const [estimate, learned] = await Promise.all([navigator.storage?.estimate?.(), db.syncState.get(QUOTA_KEY)]);
    if (!estimate?.quota) return null;
    const quota = typeof learned?.value === 'number' ? Math.min(learned.value, estimate.quota) : estimate.quota;
    return { usage: estimate.usage ?? 0, quota };
  } catch {
    return null;
  }
}

/** Bytes the catalogue may still take before it reaches the room kept for the user's own data; null when unknown. */
export async function roomLeft(): Promise<number | null> {
  const use = await storageUse();
  return use ? use.quota - use.usage - reservedBytes(use.quota) : null;
}

/** What the device uses now: after a refused write, in practice its quota (null without an estimate). */
async function usageNow(): Promise<number | null> {
  try {
    return (await navigator.storage?.estimate?.())?.usage || null;
  } catch {
    // Without an estimate the catalogue is still trimmed, by a share of what it holds.
    return null;
  }
}

/**
 * How many products the device keeps once the quota stopped the catalogue: enough go to free
 * the room kept for the user's own data (measured by what a product takes on this disk), and
 * never less than a tenth of what it held. `quota`: the one a refusal just showed.
 */
async function capForRoom(quota: number | null = null): Promise<number> {
  const [held, use] = await Promise.all([db.products.count(), storageUse()]);
  if (!use || held === 0) return Math.floor(held * 0.9);
  const limit = quota === null ? use.quota : Math.min(use.quota, quota);
  const missing = reservedBytes(limit) - (limit - use.usage);
  const perProduct = use.usage / held;
  const evict = Math.ceil(Math.max(missing, 0) / perProduct + held * 0.05);
  return Math.max(0, Math.min(held - evict, Math.floor(held * 0.9)));
}

/** Writes how many products the device holds (Settings and the progress read this, not a count per commit). */
export async function recountHeld(): Promise<void> {
  await db.syncState.put({ key: HELD_KEY, value: await db.products.count(), updated_at: Date.now() });
}

const RECENT_KEPT = 50;

/** Group 1: products the user made or touched. Never evicted while the user has them. */
export async function touchedIds(): Promise<Set<number>> {
  const userId = ((await db.syncState.get('session'))?.user_id as number | null | undefined) ?? null;
  const [favorites, conversations, reviews, recent, own, outbox] = await Promise.all([
    db.favorites.toCollection().primaryKeys(),
    db.conversations.toArray(),
    userId === null ? [] : db.reviews.filter((r) => r.reviewer?.id === userId).toArray(),
    db.recent.orderBy('viewed_at').reverse().limit(RECENT_KEPT).primaryKeys(),
    userId === null ? [] : db.products.where('supplier_id').equals(userId).primaryKeys(),
    db.outbox.toArray(),
  ]);
  const ids = new Set<number>([...favorites, ...recent, ...own]);
  for (const c of conversations) if (c.product) ids.add(c.product.id);
  for (const r of reviews) ids.add(r.product);
  for (const e of outbox) if (typeof e.payload.product === 'number') ids.add(e.payload.product);
  return ids;
}

interface ListKeyParts {
  section: string;
  search: string;
  category: number;
  supplier: number;
  filtered: boolean;
}

function parts(key: string): ListKeyParts | null {
  try {
    const [section, search, category, supplier, , filters] = JSON.parse(key) as [string, string, number, number, number, unknown];
    return { section, search, category, supplier, filtered: filters !== undefined };
  } catch {
    return null;
  }
}

/** The shape a list is part of (docs/sync.md#shapes): a category's or a seller's list, not a search. */
export function listShape(key: string): ShapeName | null {
  const p = parts(key);
  if (!p || p.search) return null;
  if (p.category) return categoryShape(p.category);
  if (p.supplier) return supplierShape(p.supplier);
  return null;
}

/** Group 2: a home section (no search, category or supplier), or a category of interest's first pages. */
export function isSectionList(key: string, interests: ReadonlySet<number>): boolean {
  const p = parts(key);
  if (!p || p.search || p.supplier || p.filtered) return false;
  return p.category === 0 || interests.has(p.category);
}

/**
 * Evicts products beyond `limit`, lowest priority first; groups 1 and 2 stay whatever the
 * limit (`onlyFirstGroups` drops groups 3 and 4 altogether: Save-Data). Lists that lose a
 * product go too, so a screen asks the server again rather than showing a hole. Deleted in
 * slices, each its own transaction, so no task blocks the page. Answers how many went.
 */
export async function trimWorkingSet(
  limit: number,
  reason: Trimmed['reason'],
  interests: ReadonlySet<number> = new Set(),
  onlyFirstGroups = false,
): Promise<number> {
  const held = await db.products.count();
  if (held <= limit && !onlyFirstGroups) return 0;
  const keep = await touchedIds();
  const lists = await db.lists.toArray();
  const shapes = new Set((await heldShapes()).map((s) => s.name));
  const keptShapes = new Set<ShapeName>();
  const dropLists: string[] = [];
  for (const list of lists) if (isSectionList(list.key, interests)) for (const id of list.ids) keep.add(id);
  // The categories of interest followed as shapes are group 2 as a whole.
  for (const id of interests) {
    const shape = categoryShape(id);
    if (!shapes.has(shape)) continue;
    keptShapes.add(shape);
    for (const held of await shapeProductIds(shape)) keep.add(held);
  }
  const others = lists.filter((l) => !isSectionList(l.key, interests)).sort((a, b) => b.fetched_at - a.fetched_at);
  for (const list of others) {
    // A list followed as a shape stays with the whole shape, or goes with it: never a shape with holes.
    const shape = listShape(list.key);
    const withShape = shape && shapes.has(shape) && !keptShapes.has(shape) ? await shapeProductIds(shape) : [];
    if (!onlyFirstGroups && keep.size + list.ids.length + withShape.length <= limit) {
      for (const id of [...list.ids, ...withShape]) keep.add(id);
      if (shape && shapes.has(shape)) keptShapes.add(shape);
    } else dropLists.push(list.key);
  }
  const dropShapes = [...shapes].filter((shape) => !keptShapes.has(shape)).map(shapeRowKey);
  if (!onlyFirstGroups && keep.size < limit) {
    // Group 4, newest and best rated in turn: read both indexes' first keys, then take one of each until the budget is full.
    const [newest, rated] = await Promise.all([
      db.products.orderBy('created_at').reverse().limit(limit).primaryKeys(),
      db.products.orderBy('average_rating').reverse().limit(limit).primaryKeys(),
    ]);
    for (let i = 0; keep.size < limit && i < Math.max(newest.length, rated.length); i++) {
      if (i < newest.length) keep.add(newest[i]);
      if (i < rated.length && keep.size < limit) keep.add(rated[i]);
    }
  }
  const all = await db.products.toCollection().primaryKeys();
  const evict = all.filter((id) => !keep.has(id));
  if (evict.length === 0 && dropLists.length === 0 && dropShapes.length === 0) return 0;
  await db.lists.bulkDelete(dropLists);
  await db.syncState.bulkDelete(dropShapes);
  for (let from = 0; from < evict.length; from += EVICT_SLICE) {
    const slice = evict.slice(from, from + EVICT_SLICE);
    await db.transaction('rw', db.products, () => {
      productsRemoved(slice);
      return db.products.bulkDelete(slice);
    });
  }
  const trimmed: Trimmed = { at: Date.now(), removed: evict.length, kept: all.length - evict.length, reason };
  await recountHeld().catch(() => undefined);
  // Only a note for Settings: a disk too full for it must not undo the eviction's purpose.
  await db.syncState.put({ key: TRIMMED_KEY, value: trimmed, updated_at: trimmed.at }).catch(() => undefined);
  return evict.length;
}

const EVICT_SLICE = 500;

/** Rounds of trimming after one refusal, at most (each frees at least a tenth of what is held). */
const ROOM_ROUNDS = 8;

/**
 * A write hit a full disk (the user's own data, or the catalogue's copy; `refused` false: the
 * estimate showed the reserve reached before any refusal). The catalogue frees the room kept
 * for the user (lowest groups first; what the user touched and the home sections stay) and
 * stays below that from then on, so the write can be tried again. Chromium can let writes run
 * well past its quota before it refuses one, so the usage at the refusal may overstate the
 * quota: while a small write is still refused, the usage now is taken as the quota and more
 * products go (docs/sync.md#quota). Answers how many went.
 */
export function makeRoom(interests: ReadonlySet<number> = new Set(), refused = true): Promise<number> {
  // One at a time: a write refused while the catalogue is being trimmed waits for that trim,
  // which makes room for it too (a second trim, sized before the first ended, would find
  // nothing left to take and call the disk full).
  making ??= freeRoom(interests, refused).finally(() => {
    making = null;
  });
  return making;
}

let making: Promise<number> | null = null;

async function freeRoom(interests: ReadonlySet<number>, refused: boolean): Promise<number> {
  let removed = 0;
  let quota: number | null = null;
  for (let round = 0; round < ROOM_ROUNDS; round++) {
    if (refused || round > 0) quota = (await usageNow()) ?? quota;
    const cap = await capForRoom(quota);
    const gone = await trimWorkingSet(cap, 'quota', interests);
    removed += gone;
    // Keeping the cap is also the test that there is room again.
    const kept = await db.syncState.put({ key: CAP_KEY, value: cap, updated_at: Date.now() }).then(
      () => true,
      () => false,
    );
    if (kept || gone === 0) break;
  }
  // Learnt for the next runs once there is room to keep it (storageUse reads it).
  if (quota !== null) await db.syncState.put({ key: QUOTA_KEY, value: quota, updated_at: Date.now() }).catch(() => undefined);
  if (removed > 0) {
    // Over several rounds each wrote its own share: Settings say the whole.
    const trimmed: Trimmed = { at: Date.now(), removed, kept: await db.products.count(), reason: 'quota' };
    await db.syncState.put({ key: TRIMMED_KEY, value: trimmed, updated_at: trimmed.at }).catch(() => undefined);
    await recountHeld().catch(() => undefined);
  }
  return removed;
}
