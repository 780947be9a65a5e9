import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHELL_WAIT_MS, shellInstalling, shellSaved } from '@/sync/shell';

/** The catalogue's copy waits for the app's own files (src/sync/shell.ts, docs/sync.md#quota). */
describe('the app shell before the catalogue', () => {
  afterEach(() => vi.useRealTimers());

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('waits while the service worker installs, and goes on when the install ends, saved or failed', async () => {
    vi.useFakeTimers();
    let end: (failed: boolean) => void = () => undefined;
    shellInstalling(new Promise((resolve, reject) => (end = (failed) => (failed ? reject(new Error('refused')) : resolve(undefined)))));
    expect(await settled(shellSaved())).toBe(false);
    end(true);
    expect(await settled(shellSaved())).toBe(true);
  });

  it('waits no longer than SHELL_WAIT_MS for an install that never ends', async () => {
    vi.useFakeTimers();
    shellInstalling(new Promise(() => undefined));
    const saved = shellSaved();
    await vi.advanceTimersByTimeAsync(SHELL_WAIT_MS - 1);
    expect(await settled(saved)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(saved)).toBe(true);
  });
});
