import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { render as plainRender, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { db } from '@/db/db';
import SyncProgress from '@/app/SyncProgress';
import OfflineIndicator from '@/app/OfflineIndicator';
import { reportReachable, reportUnreachable } from '@/sync/api/connectivity';
import { toggleFavorite, NotSignedInError } from '@/sync/outbox/intents';
import { setEngineUser } from '@/sync/engine';
import { LocalWriteError } from '@/sync/storage';
import { toProductRow } from '@/sync/pull/apply';
import { makeUser } from '../helpers';
import { makeProduct } from '../components/productFixtures';

const render = (ui: ReactElement) => plainRender(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

describe('what the device holds and what is on its way', () => {
  it('shows the first save of the catalogue as so many of so many products, and nothing once done', async () => {
    await db.syncState.bulkPut([
      { key: 'catalogue:total', value: 2500 },
      { key: 'stream:catalogue', cursor: 'v1.9.0', value: 'partial' },
    ]);
    // The engine counts what it holds once per page it writes (src/sync/pull/streams.ts).
    await db.transaction('rw', db.products, db.syncState, async () => {
      await db.products.bulkPut([1, 2, 3].map((id) => toProductRow(makeProduct({ id }))));
      await db.syncState.put({ key: 'catalogue:held', value: 3 });
    });
    render(<SyncProgress />);
    expect(await screen.findByText('Saving products for offline use: 3 of 2,500')).toBeTruthy();
    await db.syncState.put({ key: 'stream:catalogue', cursor: 'v1.10.0', value: 'done' });
    await screen.findByText((_, el) => el === document.body && !el.textContent?.includes('Saving products'));
  });

  it('a device holding a working set shows no progress: it never means to hold the whole catalogue', async () => {
    await db.syncState.bulkPut([
      { key: 'catalogue:total', value: 1_000_000 },
      { key: 'catalogue:held', value: 9_000 },
      { key: 'stream:catalogue', cursor: null, value: 'bounded' },
    ]);
    render(<SyncProgress />);
    await waitFor(() => expect(document.body.textContent).not.toContain('Saving products'));
  });

  it('offline, says the app shows saved data and how many changes wait to be sent', async () => {
    reportUnreachable();
    await db.outbox.bulkAdd(
      [1, 2].map((i) => ({
        kind: 'favorite.add' as const,
        target: `product:${i}`,
        client_id: `c${i}`,
        payload: { product: i },
        state: 'pending' as const,
        attempts: 0,
        next_at: 0,
        created_at: 0,
        user_id: 7,
      })),
    );
    render(<OfflineIndicator />);
    expect(await screen.findByText('You are offline — showing saved data')).toBeTruthy();
    expect(await screen.findByText('2 changes wait to be sent')).toBeTruthy();
    reportReachable();
  });

  it('names a change the server refused on every screen, even when the product it was about is gone, and discards it', async () => {
    await db.syncState.put({ key: 'session', user_id: 7 });
    const entry = { target: 'product:9', payload: { product: 9 }, attempts: 1, next_at: 0, created_at: 0 };
    await db.outbox.bulkAdd([
      { ...entry, kind: 'favorite.add', client_id: 'mine', state: 'failed', error: 'This product is no longer available.', user_id: 7 },
      { ...entry, kind: 'review.create', client_id: 'waiting', state: 'pending', user_id: 7 },
      { ...entry, kind: 'favorite.add', client_id: 'someone-else', state: 'failed', error: 'Not yours.', user_id: 8 },
    ]);
    render(<OfflineIndicator />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your favourite was not sent. This product is no longer available.');
    expect(alert.textContent).not.toContain('Not yours.');
    screen.getByRole('button', { name: 'Discard' }).click();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect((await db.outbox.toArray()).map((e) => e.client_id).sort()).toEqual(['someone-else', 'waiting']);
  });
});

describe('intents', () => {
  it("refuse a guest's favourite with the spec message", async () => {
    await setEngineUser(null);
    await expect(toggleFavorite(makeProduct())).rejects.toBeInstanceOf(NotSignedInError);
    await expect(toggleFavorite(makeProduct())).rejects.toThrow('Please log in to manage favorites.');
  });

  it('report a full disk with what was not saved, and keep nothing half-written', async () => {
    await setEngineUser(makeUser());
    const full = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    const original = db.outbox.add.bind(db.outbox);
    db.outbox.add = (() => Promise.reject(full)) as unknown as typeof db.outbox.add;
    try {
      await expect(toggleFavorite(makeProduct({ id: 31 }))).rejects.toBeInstanceOf(LocalWriteError);
    } finally {
      db.outbox.add = original;
    }
    expect(await db.favorites.get(31)).toBeUndefined();
    render(<OfflineIndicator />);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Your device storage is full: your favourite was not saved.'),
    );
  });
});
