import { describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { putProducts } from '@/sync/pull/apply';
import { makeProduct } from '../../components/productFixtures';

const write = (products: ReturnType<typeof makeProduct>[]) => db.transaction('rw', db.products, () => putProducts(products));

describe('putProducts: products fetched on demand or by the working set', () => {
  it('never replace a newer copy the device holds, and write every other one', async () => {
    await write([makeProduct({ id: 1, name: 'Newer', updated_at: '2026-02-01T00:00:00Z' })]);
    await write([
      makeProduct({ id: 1, name: 'Older', updated_at: '2026-01-01T00:00:00Z' }),
      makeProduct({ id: 2, name: 'New here', updated_at: '2025-01-01T00:00:00Z' }),
    ]);
    expect((await db.products.get(1))?.name).toBe('Newer');
    expect((await db.products.get(2))?.name).toBe('New here');
    await write([makeProduct({ id: 1, name: 'Newest', updated_at: '2026-03-01T00:00:00Z' })]);
    expect((await db.products.get(1))?.name).toBe('Newest');
  });

  it('never hold a hidden product: its supplier’s copy, marked hidden, removes the one held', async () => {
    await write([makeProduct({ id: 3, name: 'Fake watch' }), makeProduct({ id: 4, name: 'Real watch' })]);
    await write([makeProduct({ id: 3, name: 'Fake watch', is_hidden: true, moderation_reason: 'Counterfeit', appealed_at: null })]);
    expect(await db.products.get(3)).toBeUndefined();
    await db.transaction('rw', db.products, () => putProducts([makeProduct({ id: 5, is_hidden: true, moderation_reason: 'Spam' })], true));
    expect(await db.products.get(5)).toBeUndefined();
    expect((await db.products.get(4))?.name).toBe('Real watch');
  });
});
