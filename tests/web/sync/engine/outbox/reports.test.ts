import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db, MarketplaceDb } from '@/db/db';
import { api } from '@/sync/api/client';
import { setEngineUser } from '@/sync/engine';
import { discardOutboxEntry, reportTarget } from '@/sync/outbox/intents';
import { pushOutbox, recoverInterrupted } from '@/sync/outbox/send';
import { createUser, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn, type Network } from '../device';

let t: TestApp;
let net: Network;
let supplier: TestUser;
let buyer: TestUser;

const suite = engineSuite();
beforeAll(() => {
  ({ t, net, supplier } = suite);
});
beforeEach(async () => {
  buyer = await createUser(t, { type: 'BUYER' });
  signIn(buyer);
  await setEngineUser(await api.me());
});

const push = () => pushOutbox(buyer.user.id);
const dueNow = () =>
  db.outbox.toCollection().modify((e) => {
    e.next_at = 0;
  });
const serverReports = () => t.db.selectFrom('reports').selectAll().where('reporter_id', '=', buyer.user.id).execute();

describe('reports', () => {
  it('a report made offline reads "Reported" at once, and reaches the server exactly once when back online', async () => {
    const product = await createProduct(t, supplier, { name: 'Fake Watch' });
    net.offline = true;
    await reportTarget({ target_type: 'product', target_id: product.id, reason: 'counterfeit', details: 'Not the real brand' });
    expect(await db.reports.get(`product:${product.id}`)).toMatchObject({ reason: 'counterfeit', pending: 'sending', id: null });
    await push();
    expect(await serverReports()).toEqual([]);
    net.offline = false;
    net.loseNext = 1; // the server records it, the answer is lost: the resend must not make a second report
    await dueNow();
    await push();
    expect(await db.outbox.count()).toBe(1);
    await dueNow();
    await push();
    expect(await db.outbox.count()).toBe(0);
    const held = await serverReports();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ target_type: 'product', target_id: product.id, reason: 'counterfeit', details: 'Not the real brand' });
    const row = await db.reports.get(`product:${product.id}`);
    expect(row).toMatchObject({ id: held[0].id });
    expect(row?.pending).toBeUndefined();
  });

  it('reporting the same item again on the device queues nothing more', async () => {
    const product = await createProduct(t, supplier, { name: 'Spam Listing' });
    net.offline = true;
    await reportTarget({ target_type: 'product', target_id: product.id, reason: 'spam' });
    const again = await reportTarget({ target_type: 'product', target_id: product.id, reason: 'scam' });
    expect(again.reason).toBe('spam');
    expect(await db.outbox.count()).toBe(1);
  });

  it('a report left on its way when the tab closed is sent again after the reload, once', async () => {
    const seller = await createUser(t, { type: 'SUPPLIER' });
    net.crashNext = true; // the server records it, the tab "reloads" before the answer
    await reportTarget({ target_type: 'user', target_id: seller.user.id, reason: 'scam' });
    void push();
    await expect.poll(async () => (await serverReports()).length).toBe(1);
    await recoverInterrupted();
    // The reopened database still holds the report and its entry.
    const reopened = new MarketplaceDb();
    expect(await reopened.reports.get(`user:${seller.user.id}`)).toMatchObject({ pending: 'sending' });
    reopened.close();
    await push();
    expect(await db.outbox.count()).toBe(0);
    expect(await serverReports()).toHaveLength(1);
  });

  it('"other" needs words of the reporter, and nothing is queued without them', async () => {
    const product = await createProduct(t, supplier, { name: 'Odd Thing' });
    await expect(reportTarget({ target_type: 'product', target_id: product.id, reason: 'other', details: '  ' })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.reports.count()).toBe(0);
  });

  it('a report the server refuses (oneself) fails with its words, and Discard lets the item be reported again', async () => {
    await reportTarget({ target_type: 'user', target_id: buyer.user.id, reason: 'spam' });
    await push();
    const entry = await db.outbox.toCollection().first();
    expect(entry?.state).toBe('failed');
    const row = await db.reports.get(`user:${buyer.user.id}`);
    expect(row).toMatchObject({ pending: 'failed' });
    expect(row?.error).toBeTruthy();
    await discardOutboxEntry(entry!.seq!);
    expect(await db.reports.count()).toBe(0);
    expect(await serverReports()).toEqual([]);
  });

  it('a report of something gone says so', async () => {
    await reportTarget({ target_type: 'message', target_id: 999_999, reason: 'offensive' });
    await push();
    expect(await db.reports.get('message:999999')).toMatchObject({ pending: 'failed', error: 'What you reported is no longer there.' });
  });
});
