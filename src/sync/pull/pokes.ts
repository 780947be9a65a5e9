import { API_BASE, refreshAccessToken } from '../api/client';
import { isOnline } from '../api/connectivity';
import { APP_VERSION_HEADERS, isAppOutdated, noteAppVersions } from '../api/appVersion';
import { getAccessToken } from '../session/tokens';

/**
 * The poke stream (docs/sync.md): while a tab leads, it keeps GET /api/events/ open and pulls
 * when told its private data changed, instead of polling (the open chat every 5 s, the counts
 * every 60 s). The stream carries nothing else: what changed comes with the pull, as always.
 * It counts as up only once the server's first bytes arrive and while its keep-alives keep
 * coming, so a proxy that refuses, buffers or silently drops it leaves the engine polling as
 * before. It reconnects with backoff (a stream also ends with its access token's lifetime),
 * and a server without the route (404) is left alone for a while. A stopping server says
 * `event: reconnect` with the wait it chose: the stream comes back after it, without backoff.
 */
const timing = {
  firstRetryMs: 1_000,
  maxRetryMs: 60_000,
  absentRetryMs: 10 * 60_000,
  /** A stream cut sooner than this after it opened backs off like a failure. */
  healthyMs: 10_000,
  /** The server writes a keep-alive every 20 s: four and more missed mean the stream is dead. */
  silentMs: 90_000,
};

/** Tests shorten the waits. */
export function setLiveTiming(next: Partial<typeof timing>): void {
  Object.assign(timing, next);
}

let connected = false;

/** Whether pokes arrive now (the polls can rest). */
export function liveConnected(): boolean {
  return connected;
}

/**
 * Reads the stream until it ends or falls silent; `onOpen` at its first bytes, `onPoke` for
 * each poke, `onReconnect` with the wait a stopping server asked for.
 */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onOpen: () => void,
  onPoke: () => void,
  onReconnect: (retryMs: number) => void,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
  let silence: ReturnType<typeof setTimeout> | undefined;
  const listen = () => {
    clearTimeout(silence);
    silence = setTimeout(() => void reader.cancel().catch(() => undefined), timing.silentMs);
  };
  let buffer = '';
  let opened = false;
  try {
    for (listen(); ; listen()) {
      const { value, done } = await reader.read();
      if (done) return;
      if (!opened) {
        opened = true;
        onOpen();
      }
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        if (lines.includes('event: poke')) onPoke();
        else if (lines.includes('event: reconnect')) onReconnect(reconnectWait(lines));
      }
    }
  } finally {
    clearTimeout(silence);
  }
}

/** The wait of a reconnect event's data ({"retry_ms": n}), at most the longest backoff. */
function reconnectWait(lines: string[]): number {
  const data = lines.find((line) => line.startsWith('data:'));
  try {
    const ms = Number(JSON.parse(data?.slice(5) ?? '{}').retry_ms);
    return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, timing.maxRetryMs) : timing.firstRetryMs;
  } catch {
    return timing.firstRetryMs;
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
      if (!token || !isOnline() || isAppOutdated() || typeof TextDecoderStream === 'undefined') {
        await later(timing.firstRetryMs * 5);
        continue;
      }
      let wait = Math.min(timing.maxRetryMs, timing.firstRetryMs * 2 ** failures);
      let openedAt = 0;
      let asked: number | undefined;
      try {
        const response = await fetch(`${API_BASE}/events/`, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', ...APP_VERSION_HEADERS },
          signal: stop.signal,
        });
        noteAppVersions(response);
        if (response.status === 401) {
          await response.body?.cancel();
          // A fresh token, then at once; a refused refresh signs out, and the loop waits for a token.
          if (await refreshAccessToken().catch(() => null)) wait = 0;
        } else if (response.status === 404) {
          await response.body?.cancel();
          wait = timing.absentRetryMs;
        } else if (response.ok && response.body) {
          await readEvents(
            response.body,
            () => {
              connected = true;
              openedAt = Date.now();
              // What changed while the stream was down comes with this pull.
              onPoke();
            },
            onPoke,
            (retryMs) => {
              asked = retryMs;
            },
          );
        } else {
          await response.body?.cancel();
        }
      } catch {
        // Refused, cut or aborted: judged below by how long it was up.
      } finally {
        connected = false;
      }
      if (stop.signal.aborted) return;
      if (asked !== undefined) {
        // The server chose the wait (spread over its apps): no backoff, no further jitter.
        failures = 0;
        if (asked > 0) await later(asked);
        continue;
      }
      if (openedAt > 0 && Date.now() - openedAt > timing.healthyMs) {
        failures = 0;
        wait = 0;
      } else if (wait !== 0 && wait !== timing.absentRetryMs) {
        failures += 1;
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
