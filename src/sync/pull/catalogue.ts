import { db } from '../../db/db';
import { api } from '../api/client';
import { putProducts } from './apply';
import { pullStream, streamKey } from './streams';
import { isQuotaError } from '../storage';
import { TRIMMED_KEY, type Trimmed } from '../../shared/working-set';
import { forgetShapes } from './shapeRows';
import { syncShapes } from './shapes';
import { CAP_KEY, makeRoom, productLimit, recountHeld, roomLeft, trimWorkingSet } from './workingSet';

/**
 * The catalogue part of the working set (docs/sync.md#working-set), in the background. A
 * catalogue that fits the budget is copied whole by the catalogue stream, as before. A larger
 * one is held as a working set: what the user touched, the home sections, the lists opened,
 * then the newest products until the budget is full. Whichever way, the catalogue stops short
 * of the room kept for the user's own data, and what the quota stopped is trimmed and said in
 * Settings.
 */

const TOTAL_KEY = 'catalogue:total';
const FILL_KEY = 'catalogue:fill';
/** The server's count is asked again this often: a catalogue that outgrows the budget stops being mirrored. */
const RECOUNT_MS = 60 * 60_000;
/** The rest is fetched again this often, so the newest products of the working set stay new. */
const REFILL_MS = 24 * 60 * 60_000;
/** The server's largest page of a list (server/lib/paging.ts). */
const FILL_PAGE = 100;
/** Beyond this offset the server asks for keyset paging: the fill stops there. */
const FILL_WINDOW = 10_000;

export interface ReplicateOptions {
  keepGoing: () => boolean;
  /** Save-Data: only what the user touched and the home sections stay; nothing more is fetched. */
  saveData: boolean;
  /** The buyer's categories of interest (their first pages are kept as the home sections are). */
  interests: ReadonlySet<number>;
}

const hasRoom = async () => ((await roomLeft()) ?? 1) > 0;

/** The server's product count, kept for the progress shown; the last known one when it cannot be asked. */
async function catalogueTotal(): Promise<number | null> {
  const stored = await db.syncState.get(TOTAL_KEY);
  if (typeof stored?.value === 'number' && Date.now() - (stored.updated_at ?? 0) < RECOUNT_MS) return stored.value;
  try {
    const total = await api.productCount();
    await db.syncState.put({ key: TOTAL_KEY, value: total, updated_at: Date.now() });
    return total;
  } catch (error) {
    console.warn('Could not count the catalogue', error);
    return ((await db.syncState.get(TOTAL_KEY))?.value as number | undefined) ?? null;
  }
}

/** The device stops mirroring: the stream's cursor goes, and Settings say it holds a working set. */
async function becomeBounded(): Promise<void> {
  const row = await db.syncState.get(streamKey('catalogue'));
  if (row?.value !== 'bounded')
    await db.syncState.put({ key: streamKey('catalogue'), cursor: null, value: 'bounded', updated_at: Date.now() });
}

/** The quota stopped the copy: enough products go to free the room kept for the user, and the device stays below that. */
export async function capByQuota(interests: ReadonlySet<number> = new Set(), refused = false): Promise<void> {
  // Under a full disk even this small write can be refused until products go; the trim must still run.
  await becomeBounded().catch(() => undefined);
  if ((await makeRoom(interests, refused)) > 0) return;
  // Nothing to evict (the refused page was the first): Settings still say why the copy stopped.
  const trimmed: Trimmed = { at: Date.now(), removed: 0, kept: await db.products.count(), reason: 'quota' };
  await db.syncState.put({ key: TRIMMED_KEY, value: trimmed, updated_at: trimmed.at });
}

export async function replicateCatalogue({ keepGoing, saveData, interests }: ReplicateOptions): Promise<void> {
  if (saveData) {
    await trimWorkingSet(0, 'save-data', interests, true);
    return;
  }
  try {
    // Products written on demand meanwhile count too.
    await recountHeld();
    await replicate(keepGoing, interests);
  } catch (error) {
    // A full disk stops the catalogue, not the user: it is trimmed, and Settings say so.
    if (!isQuotaError(error)) throw error;
    await capByQuota(interests, true);
  }
}

async function replicate(keepGoing: () => boolean, interests: ReadonlySet<number>): Promise<void> {
  const [total, limit, capped] = await Promise.all([catalogueTotal(), productLimit(), db.syncState.get(CAP_KEY)]);
  if (!keepGoing()) return;
  if (total !== null && total <= limit && !capped) {
    let stoppedForRoom = false;
    const roomFor = async () => {
      stoppedForRoom = !(await hasRoom());
      return !stoppedForRoom;
    };
    // The catalogue stream brings every product: no shape needs following.
    await forgetShapes();
    await pullStream('catalogue', keepGoing, undefined, roomFor);
    if (stoppedForRoom) await capByQuota(interests);
    else if ((await db.syncState.get(streamKey('catalogue')))?.value === 'done') {
      // The copy is whole: what it holds is the catalogue's true size, for the progress shown.
      const held = await db.products.count();
      if (held !== total) await db.syncState.put({ key: TOTAL_KEY, value: held, updated_at: Date.now() });
    }
    return;
  }
  await becomeBounded();
  await trimWorkingSet(limit, 'budget', interests);
  // Groups 2 and 3 kept fresh by their shapes (docs/sync.md#shapes), then group 4.
  await syncShapes(interests, keepGoing, limit);
  if (await fillRest(limit, keepGoing)) await capByQuota(interests);
}

/** Where group 4's fill stands: an offset in each order, newest (`offset`) and best rated (`rated`). */
interface Fill {
  offset: number;
  rated?: number;
  /** An order that gave a short page has nothing more. */
  newestDone?: boolean;
  ratedDone?: boolean;
  at: number;
}

/**
 * Group 4: the newest and the best rated products in turn, page by page, until the device holds
 * `limit` products. Resumes where it stopped; starts over once a day. Answers true when the
 * quota stopped it.
 */
async function fillRest(limit: number, keepGoing: () => boolean): Promise<boolean> {
  const stored = (await db.syncState.get(FILL_KEY))?.value as Fill | undefined;
  const fill: Fill = stored && Date.now() - stored.at < REFILL_MS ? { ...stored } : { offset: 0, at: Date.now() };
  let rated = (fill.rated ?? 0) < fill.offset;
  while (keepGoing()) {
    const newestLeft = !fill.newestDone && fill.offset < FILL_WINDOW;
    const ratedLeft = !fill.ratedDone && (fill.rated ?? 0) < FILL_WINDOW;
    if (!newestLeft && !ratedLeft) return false;
    if (rated ? !ratedLeft : !newestLeft) rated = !rated;
    const remaining = limit - (await db.products.count());
    if (remaining <= 0) return false;
    // Near the budget, each order gets half of what is left, so neither takes it all.
    const wanted = Math.min(FILL_PAGE, newestLeft && ratedLeft ? Math.ceil(remaining / 2) : remaining);
    if (!(await hasRoom())) return true;
    const from = rated ? (fill.rated ?? 0) : fill.offset;
    const page = await api.productPage(rated ? 'top-rated' : 'all', {}, wanted, from);
    if (!keepGoing()) return false;
    const short = page.results.length < wanted;
    if (rated) Object.assign(fill, { rated: from + page.results.length, ratedDone: short });
    else Object.assign(fill, { offset: from + page.results.length, newestDone: short });
    await db.transaction('rw', db.products, db.syncState, async () => {
      await putProducts(page.results);
      await recountHeld();
      await db.syncState.put({ key: FILL_KEY, value: fill, updated_at: Date.now() });
    });
    rated = !rated;
  }
  return false;
}
