import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * How long a client may hold a connection without doing its part (docs/operations.md):
 * - the request line and headers must all arrive within `headersMs` (a client trickling
 *   them a byte at a time is cut off);
 * - a request body (an upload on a slow mobile link) may take as long as it needs, as long
 *   as bytes keep moving: a connection silent for `idleMs` is closed;
 * - a kept-alive connection waits `keepAliveMs` for its next request;
 * - one client address holds at most `perAddress` connections at once (addresses of trusted
 *   proxies excepted: many clients come through them).
 */
export interface ConnectionLimits {
  headersMs: number;
  idleMs: number;
  keepAliveMs: number;
  perAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { headersMs: 15_000, idleMs: 30_000, keepAliveMs: 5_000, perAddress: 128 };

/** The Fastify (and node:http) options for these limits. */
export function connectionOptions(limits: ConnectionLimits): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'
> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    connectionTimeout: limits.idleMs,
    keepAliveTimeout: limits.keepAliveMs,
    // No limit on a whole request: a 50 MB upload at 250 kbps takes half an hour. Idle time is what is bounded.
    requestTimeout: 0,
    // node:http checks these deadlines every `connectionsCheckingInterval` (30 s by default).
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: Math.min(1_000, limits.headersMs) },
  };
}

/** Closes any connection past the per-address cap as soon as it opens. */
export function limitConnectionsPerAddress(app: FastifyInstance, config: Pick<Config, 'trustProxy'>, perAddress: number) {
  const trusted = trustedProxy(config.trustProxy);
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

function trustedProxy(trustProxy: Config['trustProxy']): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (!trustProxy) return () => false;
  const trust = proxyAddr.compile(trustProxy.split(',').map((s) => s.trim()));
  return (address) => trust(address, 0);
}

/** "http://host/path?query" → "/path?query"; any other target as it is. */
export function originForm(url: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/';
  }
}
