import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';

/**
 * A slow mobile link in front of a server, for the browser benchmarks: every request of the
 * browser, the page's and the service worker's alike, crosses one shared link with a round trip
 * of `rttMs` and `downKbps` / `upKbps` of throughput. DevTools' network emulation throttles only
 * the page's own requests: once the app's service worker controls the page it makes the API
 * calls itself (src/sw/sw.ts), unthrottled, and the sync would seem to run on a fast link.
 */
export interface Link {
  downKbps: number;
  upKbps: number;
  rttMs: number;
}

/** One direction of the link: bytes leave one after another at its rate, whoever sends them. */
function pipe(kbps: number) {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  let freeAt = 0;
  /** When `bytes` queued now have crossed. */
  return (bytes: number) => {
    freeAt = Math.max(freeAt, performance.now()) + bytes / bytesPerMs;
    return freeAt;
  };
}

const SLICE = 16 * 1024;
const wait = (until: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now())));

/** Bytes through `cross`, in slices, so responses in flight together share the link as they would. */
function throttled(cross: (bytes: number) => number) {
  return new Transform({
    async transform(chunk: Buffer, _encoding, done) {
      for (let from = 0; from < chunk.length; from += SLICE) {
        const slice = chunk.subarray(from, from + SLICE);
        await wait(cross(slice.length));
        this.push(slice);
      }
      done();
    },
  });
}

/** Starts the link in front of `upstream` (http://host:port); answers its own URL and how to stop it. */
export interface Crossing {
  path: string;
  /** performance.now() of this process: asked, first byte given to the browser, last byte. */
  start: number;
  firstByte?: number;
  end?: number;
  bytes: number;
}

/** Starts the link in front of `upstream` (http://host:port); answers its own URL, how to stop it, and what crossed it. */
export async function startThrottledLink(
  upstream: string,
  link: Link,
): Promise<{ url: string; close(): Promise<void>; crossings: Crossing[] }> {
  const crossings: Crossing[] = [];
  const target = new URL(upstream);
  const down = pipe(link.downKbps);
  const up = pipe(link.upKbps);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const started = performance.now();
    const crossing: Crossing = { path: req.url ?? '', start: started, bytes: 0 };
    crossings.push(crossing);
    // The request line and headers cross the uplink, then the body; half a round trip to get there.
    const headerBytes = 200 + JSON.stringify(req.headers).length;
    const body = req.pipe(throttled(up));
    void wait(up(headerBytes) + link.rttMs / 2).then(() => {
      const forward = http.request(
        { agent, host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          // The other half of the round trip, at least, before the first byte of the answer.
          void wait(Math.max(started + link.rttMs, performance.now() + link.rttMs / 2)).then(() => {
            res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
            crossing.firstByte = performance.now();
            answer.on('data', (chunk: Buffer) => {
              crossing.bytes += chunk.length;
            });
            answer.pipe(throttled(down)).pipe(res);
            res.on('finish', () => {
              crossing.end = performance.now();
            });
          });
        },
      );
      forward.on('error', () => res.destroy());
      body.pipe(forward);
    });
    res.on('close', () => req.destroy());
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    crossings,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
