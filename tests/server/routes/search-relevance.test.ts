import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';
import { insertProducts } from '../fixtures/catalogue';
import { RELEVANCE_PRODUCTS, RELEVANCE_QUERIES, type RelevanceProduct } from '../../fixtures/search-relevance';

/**
 * The relevance set (tests/fixtures/search-relevance.ts, docs/search.md) against GET
 * /api/products/?search=: every listed product found, no listed non-match returned. Run on
 * PGlite and, with DATABASE_URL, on PostgreSQL. The vocabulary (search_words) follows product
 * writes through its trigger.
 */
let t: TestApp;
const byId = new Map<number, RelevanceProduct>();

beforeAll(async () => {
  t = await startTestApp({ maxEventLoopLagMs: 0 });
  const supplier = await createUser(t, { type: 'SUPPLIER' });
  const keys = Object.keys(RELEVANCE_PRODUCTS) as RelevanceProduct[];
  const made = await insertProducts(
    t,
    supplier.user.id,
    keys.map((k, i) => ({
      name: RELEVANCE_PRODUCTS[k][0],
      description: RELEVANCE_PRODUCTS[k][1],
      created_at: new Date(Date.UTC(2026, 0, 1 + i)),
    })),
  );
  for (const p of made) byId.set(p.id, keys.find((k) => RELEVANCE_PRODUCTS[k][0] === p.name) as RelevanceProduct);
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function search(query: string) {
  const res = await t.api.get(`/api/products/?limit=100&search=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  return res.body as { count: number; results: Array<{ id: number }>; did_you_mean?: string };
}

describe('search relevance on the server', () => {
  it.each(RELEVANCE_QUERIES.map((r) => [r.kind, r.query, r] as const))('%s: %s', async (_kind, query, r) => {
    const answer = await search(query);
    const found = answer.results.map((p) => byId.get(p.id));
    expect(found).toEqual(expect.arrayContaining(r.find));
    for (const not of r.not) expect(found).not.toContain(not);
    expect(answer.count).toBe(found.length);
  });

  it('ranks an exact match before a word form, and a word form before a typo', async () => {
    const extra = await insertProducts(t, (await createUser(t, { type: 'SUPPLIER' })).user.id, [
      { name: 'Handbags rack', description: 'Steel.', created_at: new Date(Date.UTC(2025, 0, 1)) },
    ]);
    const answer = await search('handbags');
    expect(answer.results.map((p) => p.id).slice(0, 2)).toEqual([extra[0].id, [...byId].find(([, k]) => k === 'handbag')?.[0]]);
    await t.db.deleteFrom('products').where('id', '=', extra[0].id).execute();
  });

  it('says what a search full of typos meant, and only then', async () => {
    expect((await search('coffe beens')).did_you_mean).toBe('coffe beans');
    expect((await search('handbga')).did_you_mean).toBe('handbag');
    expect((await search('coffee')).did_you_mean).toBeUndefined();
  });

  it('offers the nearest words of the catalogue for a search that found nothing', async () => {
    // "handbgas" is two edits from "handbag": too far to match at 8 letters, near enough to offer.
    const empty = await search('handbgas');
    expect(empty.results).toEqual([]);
    expect(empty.did_you_mean).toBe('handbag');
    expect((await search(empty.did_you_mean ?? '')).results.map((p) => byId.get(p.id))).toContain('handbag');
    expect((await search('zzqxwv')).did_you_mean).toBeUndefined();
  });

  it('learns the words products are written with, and offers only words a product still holds', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER' });
    const [p] = await insertProducts(t, supplier.user.id, [{ name: 'Quetzal feather', description: 'Rare.' }]);
    const words = async () =>
      (await sql<{ word: string }>`select word from search_words where word like 'quetzal%' order by word`.execute(t.db)).rows.map(
        (r) => r.word,
      );
    expect(await words()).toEqual(['quetzal']);
    expect((await search('quetzall')).results.map((r) => r.id)).toEqual([p.id]);
    expect((await search('quetzla')).did_you_mean).toBe('quetzal');
    await t.db.updateTable('products').set({ name: 'Quetzals feather' }).where('id', '=', p.id).execute();
    expect(await words()).toEqual(['quetzal', 'quetzals']);
    await t.db.deleteFrom('products').where('id', '=', p.id).execute();
    // The words stay learnt, but a search for them finds nothing and none is offered.
    expect((await search('quetzla')).results).toEqual([]);
    expect((await search('quetzla')).did_you_mean).toBeUndefined();
  });
});
