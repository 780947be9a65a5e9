import { describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { searchLocal } from '@/db/search';
import { putProducts, toProductRow } from '@/sync/pull/apply';
import { makeProduct } from '../components/productFixtures';

describe('local search (the server rules, on the device)', () => {
  it('ignores case and accents, needs every word, and puts name matches first', async () => {
    await db.products.bulkPut([
      toProductRow(makeProduct({ id: 1, name: 'Kırmızı Biber', description: 'Hot pepper flakes' })),
      toProductRow(makeProduct({ id: 2, name: 'Premium Café', description: 'Arabica beans from Kenya' })),
      toProductRow(makeProduct({ id: 3, name: 'Mug', description: 'For your cafe au lait' })),
      toProductRow(makeProduct({ id: 4, name: 'Tea', description: 'Green tea' })),
    ]);
    expect(await searchLocal('kirmizi')).toEqual([1]);
    expect(await searchLocal('CAFE')).toEqual([2, 3]);
    expect(await searchLocal('cafe kenya')).toEqual([2]);
    expect(await searchLocal('cafe tea')).toEqual([]);
    // A product the sync layer writes is found at once: the index follows every write.
    await db.transaction('rw', db.products, () => putProducts([makeProduct({ id: 5, name: 'Café noir' })]));
    expect((await searchLocal('café')).sort()).toEqual([2, 3, 5]);
  });

  it('ranks by score in one pass and keeps newest first within a score; typing on narrows the previous matches', async () => {
    await db.transaction('rw', db.products, () =>
      putProducts([
        makeProduct({ id: 1, name: 'Coffee beans', description: '', created_at: '2025-01-01T00:00:00Z' }),
        makeProduct({ id: 2, name: 'Coffee mill', description: '', created_at: '2025-03-01T00:00:00Z' }),
        makeProduct({ id: 3, name: 'Mug', description: 'for coffee', created_at: '2025-04-01T00:00:00Z' }),
      ]),
    );
    expect(await searchLocal('co')).toEqual([2, 1, 3]);
    expect(await searchLocal('coffee m')).toEqual([2, 3]);
    expect(await searchLocal('c')).toEqual([2, 1, 3]);
  });
});
