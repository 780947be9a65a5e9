import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the app that counts what the client sends and cuts the connection
 * carrying it at chosen points: a weak link that drops mid-upload. At a cut the bytes already
 * forwarded still reach the server (its side is ended, not reset), as on a real link where what
 * was on the wire arrives; the client's side is destroyed, so it sees a broken connection.
 * Optionally paces the client's bytes to `bytesPerSecond` and the server's to `downBytesPerSecond`.
 */
export interface CuttingProxy {
  url: string;
  /** Bytes the client sent through the proxy since the last reset. */
  readonly sent: number;
  /** Bytes the server sent back through the proxy since the last reset. */
  readonly received: number;
  /** Cuts left to make. */
  readonly cutsLeft: number;
  /** Whether the link is stalled (holdAt reached), until release(). */
  readonly held: boolean;
  /** Stall the link (forward nothing more) once the client's bytes pass this count. */
  holdAt(threshold: number): void;
  release(): void;
  /** Cut the connection carrying the client's bytes when their count (since reset) passes each of these. */
  cutAt(thresholds: number[]): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startCuttingProxy(
  target: string,
  opts: { bytesPerSecond?: number; downBytesPerSecond?: number } = {},
): Promise<CuttingProxy> {
  const { hostname, port } = new URL(target);
  let sent = 0;
  let received = 0;
  let cuts: number[] = [];
  let hold: number | undefined;
  let held = false;
  const waiting: Array<() => void> = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    let cut = false;
    const cutNow = () => {
      cut = true;
      upstream.end();
      client.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (cut) return;
      if (hold !== undefined && sent + chunk.length >= hold) {
        const part = chunk.subarray(0, Math.max(0, hold - sent));
        const rest = chunk.subarray(part.length);
        sent += part.length;
        upstream.write(part);
        hold = undefined;
        held = true;
        client.pause();
        waiting.push(() => {
          if (client.destroyed) return;
          sent += rest.length;
          upstream.write(rest);
          client.resume();
        });
        return;
      }
      const next = cuts[0];
      if (next !== undefined && sent + chunk.length >= next) {
        // Forward up to the cut point, then cut.
        const part = chunk.subarray(0, Math.max(0, next - sent));
        sent += part.length;
        cuts.shift();
        upstream.write(part);
        cutNow();
        return;
      }
      sent += chunk.length;
      const ok = upstream.write(chunk);
      if (opts.bytesPerSecond) {
        client.pause();
        setTimeout(() => client.resume(), (chunk.length / opts.bytesPerSecond) * 1000);
      } else if (!ok) {
        client.pause();
        upstream.once('drain', () => client.resume());
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (cut) return;
      received += chunk.length;
      client.write(chunk);
      if (opts.downBytesPerSecond) {
        upstream.pause();
        setTimeout(() => upstream.resume(), (chunk.length / opts.downBytesPerSecond) * 1000);
      }
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    // What was forwarded still reaches the server when the client goes.
    client.on('error', () => upstream.end());
    client.on('close', () => upstream.end());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    get sent() {
      return sent;
    },
    get received() {
      return received;
    },
    get cutsLeft() {
      return cuts.length;
    },
    get held() {
      return held;
    },
    holdAt(threshold) {
      hold = threshold;
    },
    release() {
      held = false;
      for (const resume of waiting.splice(0)) resume();
    },
    cutAt(thresholds) {
      cuts = [...thresholds].sort((a, b) => a - b);
    },
    reset() {
      sent = 0;
      received = 0;
      cuts = [];
      hold = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
