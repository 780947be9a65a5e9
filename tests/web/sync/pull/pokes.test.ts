import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLiveTiming, startLive } from '@/sync/pull/pokes';
import { ACCESS_TOKEN_KEY } from '@/sync/session/tokens';

/**
 * A stopping server ends each event stream with `event: reconnect` and the wait it chose for
 * that app (docs/operations.md#stop-and-readiness): the app opens a new stream after exactly
 * that wait, without the backoff a cut stream gets, and pulls at once on it (what changed
 * during the switch). The clock is the test's: each step says what happened by a given time.
 */
const BACKOFF_MS = 30_000;

/** GET /api/events/ answers, one per call: a stream's chunks, then its end (or none: it stays open). */
let streams: Array<{ chunks: string[]; ends: boolean }> = [];
let opened = 0;

function eventStream({ chunks, ends }: { chunks: string[]; ends: boolean }): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (ends) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const reconnect = (retryMs: number) => `retry: ${retryMs}\nevent: reconnect\ndata: ${JSON.stringify({ retry_ms: retryMs })}\n\n`;

let stop: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  // A backoff long enough that an app ignoring the hint cannot come back within the test's steps.
  setLiveTiming({ firstRetryMs: BACKOFF_MS, maxRetryMs: 60_000, healthyMs: 10_000 });
  localStorage.setItem(ACCESS_TOKEN_KEY, 'access-token-of-the-test');
  opened = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    expect(String(input)).toMatch(/\/api\/events\/$/);
    opened += 1;
    return eventStream(streams.shift() ?? { chunks: [': open\n\n'], ends: false });
  });
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
  setLiveTiming({ firstRetryMs: 1_000, maxRetryMs: 60_000, healthyMs: 10_000 });
});

describe('the poke stream and a stopping server', () => {
  it('comes back after the wait the server asked for, not after its backoff, and pulls on the new stream', async () => {
    streams = [{ chunks: [': open\n\n', reconnect(400)], ends: true }];
    const pulls = vi.fn();
    stop = startLive(pulls);
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toBe(1);
    expect(pulls).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(399);
    expect(opened).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toBe(2);
    expect(pulls).toHaveBeenCalledTimes(2);
  });

  it('comes back at once when asked to wait 0 ms, even after failed tries', async () => {
    const refused = { chunks: [], ends: true };
    streams = [refused, { chunks: [': open\n\n', reconnect(0)], ends: true }];
    stop = startLive(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toBe(1);
    // The failed try backs off (15 to 30 s); the stream after it is told to come back at once.
    await vi.advanceTimersByTimeAsync(BACKOFF_MS);
    expect(opened).toBe(3);
  });

  it('a stream that just ends, with no hint, backs off as before', async () => {
    streams = [{ chunks: [': open\n\n'], ends: true }];
    stop = startLive(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toBe(1);
    await vi.advanceTimersByTimeAsync(BACKOFF_MS / 2 - 1);
    expect(opened).toBe(1);
  });
});
