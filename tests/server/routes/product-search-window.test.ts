import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';
import { insertProducts } from '../fixtures/catalogue';

/**
 * Searches in a catalogue larger than the window of newest products a search reads first
 * (server/services/catalogue/match-window.ts, docs/api.md#data-formats-and-paging): a word only old
 * products hold is found through the trigram index, a sparse word by a wider window, and
 * either way every match is listed once and counted exactly.
 */
let t: TestApp;
const TOTAL = 10_000;
const quokka = (i: number) => (i < 100 || i >= 112 ? undefined : i < 104 ? 'starts' : i < 108 ? 'ends' : 'described');
const expected = {
  zephyr: new Set<number>(),
  amber: new Set<number>(),
  ancient: new Set<number>(),
  // Each newest first, as ties rank.
  quokka: { starts: [] as number[], ends: [] as number[], described: [] as number[] },
};

beforeAll(async () => {
  t = await startTestApp({ maxEventLoopLagMs: 0 });
  const supplier = await createUser(t, { type: 'SUPPLIER' });
  const start = Date.UTC(2026, 0, 1);
  // "Zephyr": the 30 oldest products only. "Amber": one product in 200, anywhere. "Ancient":
  // the 5,500 oldest, more than the trigram index is asked for at once, and none of the newest.
  // "Quokka": twelve old products, at the start of the name, at its end, or in the description.
  const rows = Array.from({ length: TOTAL }, (_, i) => ({
    name: `${quokka(i) === 'starts' ? 'Quokka ' : ''}${i < 30 ? 'Zephyr ' : ''}${i % 200 === 7 ? 'Amber ' : ''}${i < 5_500 ? 'Ancient ' : ''}Item ${i}${quokka(i) === 'ends' ? ' Quokka' : ''}`,
    description: quokka(i) === 'described' ? 'Woven quokka.' : i % 3 === 0 ? 'Woven.' : 'Plain.',
    min_price: `${1 + ((i * 37) % 50)}.00`,
    max_price: '60.00',
    created_at: new Date(start + i * 60_000),
  }));
  for (let from = 0; from < TOTAL; from += 2_000) {
    const made = await insertProducts(t, supplier.user.id, rows.slice(from, from + 2_000));
    for (const p of made) {
      if (p.name.startsWith('Zephyr')) expected.zephyr.add(p.id);
      if (p.name.includes('Amber')) expected.amber.add(p.id);
      if (p.name.includes('Ancient')) expected.ancient.add(p.id);
      if (p.name.startsWith('Quokka')) expected.quokka.starts.unshift(p.id);
      if (p.name.endsWith('Quokka')) expected.quokka.ends.unshift(p.id);
      if (p.description.includes('quokka')) expected.quokka.described.unshift(p.id);
    }
  }
  // The table's size, as autovacuum leaves it: searches weigh the index against a wider window by it.
  await sql`analyze products`.execute(t.db);
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function pages(path: string) {
  const ids: number[] = [];
  let url: string | null = path;
  let count = -1;
  while (url) {
    const res: { status: number; body: { count: number; next: string | null; results: Array<{ id: number; min_price: string }> } } =
      await t.api.get(url);
    expect(res.status).toBe(200);
    count = res.body.count;
    ids.push(...res.body.results.map((p) => p.id));
    url = res.body.next;
  }
  return { ids, count };
}

describe('GET /api/products/?search= beyond the first window', () => {
  it('finds a word only old products hold, each once, counted exactly', async () => {
    const { ids, count } = await pages('/api/products/?search=zephyr&limit=7');
    expect(count).toBe(30);
    expect(ids).toHaveLength(30);
    expect(new Set(ids)).toEqual(expected.zephyr);
  });

  it('finds a sparse word in every part of the catalogue', async () => {
    const { ids, count } = await pages('/api/products/?search=amber&limit=9');
    expect(count).toBe(expected.amber.size);
    expect(new Set(ids)).toEqual(expected.amber);
    expect(ids).toHaveLength(expected.amber.size);
  });

  it('finds many matches that only old products hold, each once', async () => {
    const { ids } = await pages('/api/products/?search=ancient&limit=100');
    expect(ids).toHaveLength(expected.ancient.size);
    expect(new Set(ids)).toEqual(expected.ancient);
  });

  it('finds words that meet only in old products, each once, counted exactly', async () => {
    const woven = [...expected.zephyr].filter((id) => (id - Math.min(...expected.zephyr)) % 3 === 0);
    const { ids, count } = await pages('/api/products/?search=zephyr%20woven&limit=4');
    expect(count).toBe(10);
    expect(new Set(ids)).toEqual(new Set(woven));
    expect(ids).toHaveLength(10);
  });

  it('finds nothing for words that never meet, with a count of 0', async () => {
    const res = await t.api.get('/api/products/?search=zephyr%20amber%20woven');
    expect(res.status).toBe(200);
    expect(res.body.results.filter((p: { name: string }) => !/zephyr/i.test(p.name) || !/amber/i.test(p.name))).toEqual([]);
    expect(res.body.count).toBe(res.body.results.length);
  });

  it('sorts the rare matches by price, cheapest first', async () => {
    const res = await t.api.get('/api/products/?search=zephyr&ordering=price&limit=30');
    expect(res.body.count).toBe(30);
    const prices = res.body.results.map((p: { min_price: string }) => Number(p.min_price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set(res.body.results.map((p: { id: number }) => p.id))).toEqual(expected.zephyr);
  });

  it('ranks the matches it reads through the index as any search ranks them: name first, then description', async () => {
    const { starts, ends, described } = expected.quokka;
    const exact = await pages('/api/products/?search=quokka&limit=5');
    expect(exact).toEqual({ count: 12, ids: [...starts, ...ends, ...described] });
    // A typo earns no bonus for the name's start or its words as typed (docs/search.md#rules): the
    // names that hold the word it stands for still come first, by how alike they are.
    const typo = await pages('/api/products/?search=qoukka&limit=5');
    expect(typo.count).toBe(12);
    expect(new Set(typo.ids.slice(0, 8))).toEqual(new Set([...starts, ...ends]));
    expect(typo.ids.slice(8)).toEqual(described);
  });
});
