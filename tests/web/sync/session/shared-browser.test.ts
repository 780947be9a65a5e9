import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/db';
import { claimDevice, clearPrivateData } from '@/sync/session/deviceUser';
import { shareTokens } from '@/sync/session/sharedTokens';
import { pushedToDevice, receivePushed } from '@/sync/worker/handlers';
import type { Notification } from '@/shared/chat';

/**
 * A shared browser (docs/sync.md): what one account leaves behind never reaches the next one. A
 * push names its recipient; the device keeps and shows it only for the account signed in there,
 * and signing out closes the notifications the system shows for the account that leaves.
 */
const token = (sub: number) => `x.${btoa(JSON.stringify({ sub: String(sub), exp: Math.floor(Date.now() / 1000) + 900 }))}.y`;

const note = (id: number): Notification => ({
  id,
  message: 'New message from Ada.',
  link: '/chat/1',
  is_read: false,
  created_at: new Date().toISOString(),
  kind: 'new_message',
  params: { sender: 'Ada', count: 1, conversation: 1 },
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await shareTokens(null);
  await clearPrivateData({ userId: null });
});

describe('a push on a shared browser', () => {
  it("is kept for the account signed in here, and not for one that signed out (another's, or no one's)", async () => {
    await claimDevice(7);
    await shareTokens({ access: token(7), refresh: token(7) });
    expect(await pushedToDevice(7)).toBe(true);
    expect(await pushedToDevice(8)).toBe(false);

    await receivePushed([note(1)], 8);
    expect(await db.notifications.count()).toBe(0);

    await clearPrivateData();
    expect(await pushedToDevice(7)).toBe(false);
  });
});

describe('signing out', () => {
  it('closes the notifications the system shows for the account that leaves', async () => {
    const shown = [{ close: vi.fn() }, { close: vi.fn() }];
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistration: async () => ({ getNotifications: async () => shown }) },
    });
    await claimDevice(7);
    await clearPrivateData();
    for (const n of shown) expect(n.close).toHaveBeenCalledOnce();
  });
});
