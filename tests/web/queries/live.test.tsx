import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { db } from '@/db/db';
import { keepEqual, useLive } from '@/queries/live';
import type { Device } from '@/sync/firstVisit';
import DataState, { type DataStatus } from '@/components/DataState';

function Categories({ query }: { query: (device: Device) => Promise<string[]> }) {
  const { data, status, error } = useLive(query, []);
  return <p>{`${status} ${data ? JSON.stringify(data) : '-'} ${error instanceof Error ? error.message : '-'}`}</p>;
}

const names = ({ db: local }: Device) =>
  local.categories
    .orderBy('position')
    .toArray()
    .then((rows) => rows.map((r) => r.name));

describe('useLive: a live query answering {data, status, error}', () => {
  it('is loading, then ready with what the device holds, and follows every change', async () => {
    render(<Categories query={names} />);
    expect(screen.getByText('loading - -')).toBeTruthy();
    expect(await screen.findByText('ready [] -')).toBeTruthy();
    await db.categories.put({ id: 1, name: 'Textiles', position: 0 } as never);
    expect(await screen.findByText('ready ["Textiles"] -')).toBeTruthy();
  });

  it('says error, with the error, when the query fails', async () => {
    const failing = async () => {
      throw new Error('disk gone');
    };
    render(<Categories query={failing} />);
    expect(await screen.findByText('error - disk gone')).toBeTruthy();
  });
});

describe('keepEqual: a live answer that did not change keeps its objects (memoized cards do not render again)', () => {
  it('gives back the parts that are deeply equal, and new objects only where something changed', () => {
    const before = {
      products: [
        { id: 1, supplier: { id: 7 } },
        { id: 2, supplier: { id: 8 } },
      ],
      count: 2,
    };
    const same = keepEqual(before, structuredClone(before));
    expect(same).toBe(before);
    const after = keepEqual(before, {
      products: [
        { id: 1, supplier: { id: 7 } },
        { id: 2, supplier: { id: 9 } },
      ],
      count: 2,
    });
    expect(after).not.toBe(before);
    expect(after.products[0]).toBe(before.products[0]);
    expect(after.products[1]).not.toBe(before.products[1]);
    expect(after.products[1].supplier.id).toBe(9);
    const shorter = keepEqual(before, { products: [{ id: 1, supplier: { id: 7 } }], count: 1 });
    expect(shorter.products).toHaveLength(1);
    expect(shorter.products[0]).toBe(before.products[0]);
    expect(keepEqual({ a: 1 }, { a: 1, b: undefined })).toEqual({ a: 1, b: undefined });
  });
});

function Shown({ status, isEmpty }: { status: DataStatus; isEmpty: boolean }) {
  return (
    <I18nProvider i18n={i18n}>
      <DataState status={status} isEmpty={isEmpty} loading="Loading things…" error="Could not load the things." empty="No things yet.">
        <p>The things</p>
      </DataState>
    </I18nProvider>
  );
}

describe('DataState: one way for screens to say where their data stands', () => {
  it('shows what is held whatever the status, else why nothing shows', () => {
    const { rerender } = render(<Shown status="error" isEmpty={false} />);
    expect(screen.getByText('The things')).toBeTruthy();
    rerender(<Shown status="loading" isEmpty />);
    expect(screen.getByRole('status').textContent).toContain('Loading things…');
    rerender(<Shown status="error" isEmpty />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load the things.');
    rerender(<Shown status="offline" isEmpty />);
    expect(screen.getByRole('status').textContent).toBe('You are offline, and this device holds nothing to show here yet.');
    rerender(<Shown status="ready" isEmpty />);
    expect(screen.getByText('No things yet.')).toBeTruthy();
    expect(screen.queryByText('The things')).toBeNull();
  });
});
