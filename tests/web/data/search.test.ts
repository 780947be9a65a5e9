import { describe, expect, it } from 'vitest';
import { db } from '../../../src/data/db';
import { searchLocal } from '../../../src/data/search';
import { toProductRow } from '../../../src/sync/apply';
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
    // A new product is found at once: the index follows the table.
    await db.products.put(toProductRow(makeProduct({ id: 5, name: 'Café noir' })));
    expect((await searchLocal('café')).sort()).toEqual([2, 3, 5]);
  });
});
