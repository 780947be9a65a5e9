import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/data/db';
import { pullCategories } from '../../../src/sync/categories';
import { fakeApi } from '../helpers';

describe('pulling categories into the local database', () => {
  it('stores the list in the server order and replaces it whole on the next pull', async () => {
    fakeApi({ 'GET /api/categories/': () => ({ body: [{ id: 5, name: 'Textiles' }, { id: 2, name: 'Agriculture' }] }) });
    await pullCategories();
    expect((await db.categories.orderBy('position').toArray()).map((c) => c.name)).toEqual(['Textiles', 'Agriculture']);

    fakeApi({ 'GET /api/categories/': () => ({ body: { count: 1, next: null, previous: null, results: [{ id: 2, name: 'Agriculture' }] } }) });
    await pullCategories();
    expect(await db.categories.toArray()).toEqual([{ id: 2, name: 'Agriculture', position: 0 }]);
  });

  it('keeps the saved list when the server cannot be reached (failure only logged)', async () => {
    await db.categories.put({ id: 1, name: 'Electronics', position: 0 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await pullCategories();
    expect(await db.categories.count()).toBe(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
