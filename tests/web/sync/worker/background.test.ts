import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type OutboxRow } from '@/db/db';
import { syncWhenLeaving } from '@/sync/worker/background';
import { reportReachable, reportUnreachable } from '@/sync/api/connectivity';
import { loadDevice } from '@/sync/firstVisit';

/**
 * The Background Sync asked for while changes wait (docs/sync.md#leader-tab). Chromium refuses a
 * request from a page that is already gone, so a change that cannot go now is covered while the
 * page is still open, not only as it closes.
 */
const register = vi.fn(async (_tag: string) => undefined);
let stop: () => void = () => undefined;

function message(attempts: number): OutboxRow {
  return {
    kind: 'message.send',
    target: 'conversation:5',
    client_id: crypto.randomUUID(),
    payload: { conversation_id: 5, text: 'Left on the bus' },
    state: 'pending',
    attempts,
    next_at: 0,
    created_at: Date.now(),
    user_id: 7,
  };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

// The device's chunk is loaded once, ahead: the watch starts as soon as the page has it.
beforeAll(async () => {
  await loadDevice();
}, 30_000);

beforeEach(() => {
  register.mockClear();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ sync: { register } }), controller: {} },
  });
});

afterEach(() => {
  stop();
  reportReachable();
  setVisibility('visible');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Background Sync for the changes waiting', () => {
  it('a change waiting offline gets its sync at once, while the app is still open', async () => {
    reportUnreachable();
    stop = syncWhenLeaving();
    await db.outbox.add(message(0));
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('outbox'));
  });

  it('a change that failed its try gets its sync, online too', async () => {
    stop = syncWhenLeaving();
    await db.outbox.add(message(1));
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('outbox'));
  });

  it('online, a change about to go wakes no worker; going to the background asks', async () => {
    stop = syncWhenLeaving();
    await db.outbox.add(message(0));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(register).not.toHaveBeenCalled();
    await vi.waitFor(() => {
      setVisibility('hidden');
      expect(register).toHaveBeenCalledWith('outbox');
    });
  });

  it('nothing waiting, nothing asked when the app is left', async () => {
    reportUnreachable();
    stop = syncWhenLeaving();
    await new Promise((resolve) => setTimeout(resolve, 200));
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect(register).not.toHaveBeenCalled();
  });
});
