import { API_BASE, refreshAccessToken } from './api';
import { isOnline } from './connectivity';
import { getAccessToken } from './tokens';

/**
 * The poke stream (docs/sync.md): while a tab leads, it keeps GET /api/events/ open and pulls
 * when told its private data changed, instead of polling the open chat every 5 s. The stream
 * carries nothing else: what changed comes with the pull, as always. It reconnects with
 * backoff (a stream also ends with its access token's lifetime); while it is down the engine
 * polls as before, and a server without the route (404) is left alone for a while.
 */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
const ABSENT_RETRY_MS = 10 * 60_000;
const MIN_HEALTHY_MS = 10_000;

let connected = false;

/** Whether pokes arrive now (the open chat's poll can rest). */
export function liveConnected(): boolean {
  return connected;
}

/** Reads event names off the stream until it ends; calls `onPoke` for each poke. */
async function readEvents(body: ReadableStream<Uint8Array>, onPoke: () => void): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.split('\n').includes('event: poke')) onPoke();
    }
  }
}

/** Keeps a stream open while signed in; returns the stop function. */
export function startLive(onPoke: () => void): () => void {
  const stop = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const later = (ms: number) =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    });

  const run = async () => {
    while (!stop.signal.aborted) {
      const token = getAccessToken();
      if (!token || !isOnline() || typeof TextDecoderStream === 'undefined') {
        await later(FIRST_RETRY_MS * 5);
        continue;
      }
      let wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
      try {
        const response = await fetch(`${API_BASE}/events/`, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: stop.signal,
        });
        if (response.status === 401) {
          await response.body?.cancel();
          // A fresh token, then at once; a refused refresh signs out, and the loop waits for a token.
          if (await refreshAccessToken().catch(() => null)) wait = 0;
        } else if (response.status === 404) {
          await response.body?.cancel();
          wait = ABSENT_RETRY_MS;
        } else if (response.ok && response.body) {
          connected = true;
          const openedAt = Date.now();
          // What changed while the stream was down comes with this pull.
          onPoke();
          await readEvents(response.body, onPoke);
          // A stream cut at once (a proxy that buffers or closes) backs off like a failure.
          if (Date.now() - openedAt > MIN_HEALTHY_MS) {
            failures = 0;
            wait = 0;
          } else failures += 1;
        } else {
          await response.body?.cancel();
          failures += 1;
        }
      } catch {
        failures += 1;
      } finally {
        connected = false;
      }
      if (wait > 0) await later(wait / 2 + Math.random() * (wait / 2));
    }
  };
  void run();
  return () => {
    stop.abort();
    clearTimeout(timer);
    connected = false;
  };
}
