import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { db } from '@/db/db';
import { listKey } from '@/db/listQuery';
import type { ListQuery } from '@/queries/products';
import { warmLists } from '@/queries/warmStart';
import { toProductRow } from '@/sync/pull/apply';
import { reportUnreachable } from '@/sync/api/connectivity';
import { fakeApi } from '../helpers';
import { ListProbe } from './listProbe';
import { makeProduct } from '../components/productFixtures';

const HOT: ListQuery = { section: 'hot-selling', pageSize: 10 };

/** The device holds Hot selling as the server last gave it: `names`, in that order. */
async function holdList(names: string[]) {
  const products = names.map((name, i) => makeProduct({ id: i + 1, name }));
  await db.products.bulkPut(products.map(toProductRow));
  await db.lists.put({ key: listKey(HOT), ids: products.map((p) => p.id), count: products.length, fetched_at: Date.now() });
}

// A repeat visit offline: everything comes from the device.
beforeEach(() => {
  fakeApi();
  reportUnreachable();
});

describe('a repeat visit reading its first lists ahead (src/queries/warmStart.ts)', () => {
  it('shows the cards in the very first render, then follows the device as before', async () => {
    await holdList(['Shea butter', 'Hibiscus tea']);
    await warmLists([HOT]);
    render(<ListProbe query={HOT} />);
    // No wait: the first render already has them, where a live query alone would still be loading.
    expect(screen.getByText('ready server 2')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Shea butter', 'Hibiscus tea']);
    // The live query takes over: a change on the device shows.
    await db.products.put(toProductRow(makeProduct({ id: 2, name: 'Hibiscus tea, 1 kg' })));
    expect(await screen.findByText('Hibiscus tea, 1 kg')).toBeTruthy();
  });

  it('never shows the old reading to a screen opened after the live query answered', async () => {
    await holdList(['Shea butter']);
    await warmLists([HOT]);
    const first = render(<ListProbe query={HOT} />);
    expect(await screen.findByText('Shea butter')).toBeTruthy();
    await screen.findByText('ready server 1');
    // Let the live query answer, then the device changes while the home is not shown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    first.unmount();
    await holdList(['Cashew nuts']);
    render(<ListProbe query={HOT} />);
    expect(screen.queryByText('Shea butter')).toBeNull();
    expect(await screen.findByText('Cashew nuts')).toBeTruthy();
  });
});
