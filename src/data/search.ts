import { normalizeSearchText, searchWords } from '../shared/search';
import { db, type ProductRow } from './db';

/**
 * Search over the products the device holds, with the server's rules (README "Listing
 * sections"): case- and accent-insensitive, every word must appear in the name or the
 * description, name matches first. An in-memory index of normalized texts answers in a few
 * milliseconds for 10,000 products (bench/local-search.ts); it is rebuilt after the products
 * change in this tab, or after another tab moved the catalogue cursor.
 */

interface Entry { id: number; name: string; text: string; created_at: string }

let index: Entry[] | null = null;
let building: Promise<Entry[]> | null = null;
let builtForCursor: string | null | undefined;

const dirty = () => {
  index = null;
  building = null;
};
db.products.hook('creating', dirty);
db.products.hook('updating', dirty);
db.products.hook('deleting', dirty);

export function toEntry(p: Pick<ProductRow, 'id' | 'name' | 'description' | 'created_at'>): Entry {
  const name = normalizeSearchText(p.name);
  return { id: p.id, name, text: `${name} ${normalizeSearchText(p.description)}`, created_at: p.created_at };
}

async function entries(): Promise<Entry[]> {
  const cursor = (await db.syncState.get('stream:catalogue'))?.cursor ?? null;
  if (index && cursor === builtForCursor) return index;
  if (!building || cursor !== builtForCursor) {
    builtForCursor = cursor;
    building = db.products.toArray().then((rows) => (index = rows.map(toEntry)));
  }
  return building;
}

/** Ranks like the server: the whole term at the start of the name, then words in the name, then newest. */
export function rankEntries(all: Entry[], term: string): number[] {
  const words = searchWords(term);
  if (words.length === 0) return [];
  const whole = words.join(' ');
  const hits: Array<{ id: number; score: number; created_at: string }> = [];
  for (const e of all) {
    if (!words.every((w) => e.text.includes(w))) continue;
    let score = e.name.startsWith(whole) ? 4 : 0;
    for (const w of words) if (e.name.includes(w)) score += 2;
    hits.push({ id: e.id, score, created_at: e.created_at });
  }
  hits.sort((a, b) => b.score - a.score || (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id));
  return hits.map((h) => h.id);
}

/** Ids of the held products matching `term`, best first. */
export async function searchLocal(term: string): Promise<number[]> {
  return rankEntries(await entries(), term);
}
