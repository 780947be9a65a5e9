import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, refreshAccessToken } from '@/sync/api/client';
import { getRefreshToken, onTokensCleared, setTokens } from '@/sync/session/tokens';
import { createUser, startTestApp, type TestApp, type TestUser } from '@tests/server/helpers';
import { connectDevice, resetDevice, type Network } from '../device';

let t: TestApp;
let net: Network;
let buyer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  net = connectDevice(t);
});
afterAll(async () => t?.close());

beforeEach(async () => {
  await resetDevice();
  Object.assign(net, { offline: false, hang: false, failNext: 0, loseNext: 0, crashNext: false });
  buyer = await createUser(t, { type: 'BUYER' });
});

describe('a session on a flaky network', () => {
  it('survives a refresh answer lost on the network and a week offline', async () => {
    setTokens({ access: 'no-longer-valid', refresh: buyer.refresh });
    const cleared = vi.fn();
    const stop = onTokensCleared(cleared);
    net.loseNext = 1; // the server rotates, the answer never arrives
    await expect(refreshAccessToken()).rejects.toMatchObject({ status: 0 });
    expect(getRefreshToken()).toBe(buyer.refresh);

    // A week passes offline: the pair the server made then has long-expired access.
    const weekAgo = new Date(Date.now() - 7 * 24 * 3600_000);
    await t.db
      .updateTable('refresh_tokens')
      .set({ replaced_at: weekAgo })
      .where('user_id', '=', buyer.user.id)
      .where('replaced_by', 'is not', null)
      .execute();
    await t.db
      .updateTable('refresh_tokens')
      .set({ issued_at: weekAgo })
      .where('user_id', '=', buyer.user.id)
      .where('replaced_by', 'is', null)
      .execute();

    net.log.length = 0;
    const me = await api.me();
    stop();
    expect(me.id).toBe(buyer.user.id);
    expect(cleared).not.toHaveBeenCalled();
    expect(net.log.filter((l) => l === 'POST /api/auth/token/refresh/')).toHaveLength(2);
    expect(getRefreshToken()).not.toBe(buyer.refresh);
  });
});
