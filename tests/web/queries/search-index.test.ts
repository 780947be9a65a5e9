import { describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import { searchLocal } from '@/db/search';
import { SearchIndex } from '@/db/search-index';
import { SYNC_TABLES, applyChanges, toProductRow } from '@/sync/pull/apply';
import { makeProduct } from '../components/productFixtures';

describe('the local search index follows sync pages row by row', () => {
  it('takes in upserts and deletions of an applied page without reading the whole catalogue again', async () => {
    await db.products.bulkPut([
      toProductRow(makeProduct({ id: 1, name: 'Shea butter', description: '' })),
      toProductRow(makeProduct({ id: 2, name: 'Shea soap', description: '' })),
    ]);
    expect((await searchLocal('shea')).sort()).toEqual([1, 2]);
    const readAll = vi.spyOn(db.products, 'toArray');
    await db.transaction('rw', SYNC_TABLES, () =>
      applyChanges({ products: { upserted: [makeProduct({ id: 3, name: 'Shea nuts', description: '' })], deleted: [1] } }),
    );
    expect((await searchLocal('shea')).sort()).toEqual([2, 3]);
    expect(readAll).not.toHaveBeenCalled();
    readAll.mockRestore();
  });

  it('reads each write back when it applies it: a product deleted meanwhile stays out, a renamed one is found by its new name', async () => {
    await db.products.bulkPut([toProductRow(makeProduct({ id: 1, name: 'Kola nuts', description: '' }))]);
    expect(await searchLocal('kola')).toEqual([1]);
    const readAll = vi.spyOn(db.products, 'toArray');
    const apply = (upserted: ReturnType<typeof makeProduct>[], deleted: number[]) =>
      db.transaction('rw', SYNC_TABLES, () => applyChanges({ products: { upserted, deleted } }));
    // Three pages with no search between: the index is told ids and reads the rows itself.
    await apply([makeProduct({ id: 2, name: 'Kola powder', description: '' })], []);
    await apply([makeProduct({ id: 3, name: 'Shea soap', description: '' })], [2]);
    await apply([makeProduct({ id: 1, name: 'Bitter kola', description: '' })], []);
    expect(await searchLocal('kola')).toEqual([1]);
    expect(await searchLocal('bitter')).toEqual([1]);
    expect(await searchLocal('powder')).toEqual([]);
    expect(await searchLocal('nuts')).toEqual([]);
    // Followed row by row, not built again from the whole table.
    expect(readAll).not.toHaveBeenCalled();
    readAll.mockRestore();
  });

  it('leaves out a write whose transaction was rolled back', async () => {
    await db.products.bulkPut([toProductRow(makeProduct({ id: 1, name: 'Cocoa', description: '' }))]);
    expect(await searchLocal('cocoa')).toEqual([1]);
    await expect(
      db.transaction('rw', SYNC_TABLES, async () => {
        await applyChanges({ products: { upserted: [makeProduct({ id: 2, name: 'Cocoa powder', description: '' })], deleted: [] } });
        throw new Error('page refused');
      }),
    ).rejects.toThrow('page refused');
    expect(await searchLocal('cocoa')).toEqual([1]);
  });

  it('ranks a name start above a word in the name above the description, newest first within each', () => {
    const index = new SearchIndex();
    index.put([
      { id: 1, name: 'Old rice bag', description: '', created_at: '2025-01-01T00:00:00Z' },
      { id: 2, name: 'Rice', description: '', created_at: '2025-01-02T00:00:00Z' },
      { id: 3, name: 'Bag', description: 'for rice', created_at: '2025-01-03T00:00:00Z' },
      { id: 4, name: 'New rice sack', description: '', created_at: '2025-01-04T00:00:00Z' },
    ]);
    expect(index.search('rice')).toEqual([2, 4, 1, 3]);
    index.remove([4]);
    expect(index.search('rice')).toEqual([2, 1, 3]);
  });
});
