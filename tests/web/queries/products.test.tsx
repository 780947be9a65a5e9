import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { db } from '@/db/db';
import { useProductList, useProduct, type ListQuery } from '@/queries/products';
import { toProductRow } from '@/sync/pull/apply';
import { reportUnreachable, reportReachable } from '@/sync/api/connectivity';
import { fakeApi } from '../helpers';
import { makeProduct, makeProducts } from '../components/productFixtures';

function List({ query }: { query: ListQuery }) {
  const list = useProductList(query);
  return (
    <div>
      <p>{`${list.status} ${list.source} ${list.count} more:${list.hasMore}`}</p>
      <ul>
        {list.products.map((p) => (
          <li key={p.id}>{`${p.name}${p.is_favorited ? ' ♥' : ''}`}</li>
        ))}
      </ul>
      <button type="button" onClick={list.loadMore}>
        more
      </button>
    </div>
  );
}

// Every test starts online, with an API that knows nothing unless the test says so.
beforeEach(() => {
  reportReachable();
  fakeApi();
});

const page = (results: unknown[], count = results.length) => ({ body: { count, next: null, previous: null, results } });

describe('useProductList', () => {
  it("online, follows the server's order page by page and keeps the pages on the device", async () => {
    const all = makeProducts(30);
    const server = fakeApi({
      'GET /api/products/top-rated/': (call) => {
        const offset = Number(call.query.get('offset')),
          limit = Number(call.query.get('limit'));
        return page([...all].reverse().slice(offset, offset + limit), all.length);
      },
    });
    render(<List query={{ section: 'top-rated', pageSize: 10 }} />);
    expect(await screen.findByText('ready server 30 more:true')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      all
        .slice(20)
        .reverse()
        .map((p) => p.name),
    );
    screen.getByRole('button', { name: 'more' }).click();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(20));
    expect(server.callsTo('GET', '/api/products/top-rated/').map((c) => c.query.get('offset'))).toEqual(['0', '10']);
    expect(await db.products.count()).toBe(20);
  });

  it('offline, computes the same list from the products the device holds, with its favourites', async () => {
    reportUnreachable();
    await db.products.bulkPut([
      toProductRow(makeProduct({ id: 1, name: 'Old coffee', created_at: '2025-01-01T00:00:00Z' })),
      toProductRow(makeProduct({ id: 2, name: 'New tea', created_at: '2025-02-01T00:00:00Z' })),
      toProductRow(
        makeProduct({ id: 3, name: 'Café du Sénégal', created_at: '2025-03-01T00:00:00Z', category: { id: 8, name: 'Drinks' } }),
      ),
    ]);
    await db.favorites.put({ product_id: 2, id: 5, created_at: '' });
    const { unmount } = render(<List query={{ section: 'new-arrivals' }} />);
    expect(await screen.findByText('ready device 3 more:false')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Café du Sénégal', 'New tea ♥', 'Old coffee']);
    unmount();
    render(<List query={{ search: 'cafe senegal' }} />);
    expect(await screen.findByText('ready device 1 more:false')).toBeTruthy();
  });

  it('says error only when the server failed and the device holds nothing that matches', async () => {
    fakeApi({ 'GET /api/products/flash-deals/': () => ({ status: 500, body: { detail: 'boom' } }) });
    render(<List query={{ section: 'flash-deals' }} />);
    expect(await screen.findByText('error device 0 more:false')).toBeTruthy();
  });
});

function One({ id }: { id: number }) {
  const { product, status } = useProduct(id);
  return <p>{`${status} ${product?.name ?? '-'}`}</p>;
}

describe('useProduct', () => {
  it('shows the held copy at once and reports a product the server does not know as missing', async () => {
    await db.products.put({ ...toProductRow(makeProduct({ id: 4, name: 'Held' })), fetched_at: 0 });
    fakeApi({
      'GET /api/products/4/': () => ({ body: makeProduct({ id: 4, name: 'Held, refreshed', updated_at: '2026-01-01T00:00:00Z' }) }),
    });
    render(
      <>
        <One id={4} />
        <One id={77} />
      </>,
    );
    expect(await screen.findByText(/ready Held/)).toBeTruthy();
    expect(await screen.findByText('ready Held, refreshed')).toBeTruthy();
    expect(await screen.findByText('missing -')).toBeTruthy();
  });
});
