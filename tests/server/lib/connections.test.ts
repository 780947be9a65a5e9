import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers';

/**
 * Slow clients: deadlines for headers, a body that must keep moving, kept-alive connections
 * that are closed when idle, and a cap on connections per client address. Short deadlines
 * here; the defaults (15 s for headers...) are in server/lib/connections.ts.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({
    // The test's own address is no trusted proxy here, so the per-address cap applies to it.
    trustProxy: false,
    connections: { headersMs: 1_000, idleMs: 1_000, keepAliveMs: 500, perAddress: 5 },
  });
  port = Number(new URL(t.baseUrl).port);
});
afterAll(async () => {
  await t.close();
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Milliseconds until the server ends the connection, and what it sent before. */
function closedAfter(socket: Socket, limitMs = 10_000): Promise<{ ms: number; received: string }> {
  const start = Date.now();
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  return new Promise((resolve) => {
    const give = setTimeout(() => resolve({ ms: Infinity, received }), limitMs);
    socket.on('close', () => {
      clearTimeout(give);
      resolve({ ms: Date.now() - start, received });
    });
    socket.on('error', () => {});
  });
}

describe('connection deadlines', () => {
  it('closes a connection whose headers trickle in past the deadline, though bytes keep coming', async () => {
    const socket = await open();
    socket.write('GET /api/health/ HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: a\r\n'), 200);
    const { ms, received } = await closedAfter(socket);
    clearInterval(drip);
    expect(ms).toBeLessThan(4_000);
    expect(received).not.toContain('200 OK');
  });

  it('closes a connection whose body stops moving', async () => {
    const socket = await open();
    socket.write('POST /api/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
    const { ms } = await closedAfter(socket);
    expect(ms).toBeLessThan(4_000);
  });

  it('keeps a slow body that keeps moving', async () => {
    const socket = await open();
    // A refusal that needs no password hashing: on a loaded machine the hashing of a sign-in
    // outlasted the test's 1 s idle deadline, and the connection closed before the answer.
    const body = JSON.stringify({ refresh: 'not-a-refresh-token-but-a-body-long-enough-to-trickle' });
    socket.write(
      `POST /api/auth/token/refresh/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    const closed = closedAfter(socket);
    // 1.5 s in all, longer than the idle deadline, but never idle for long: a piece every 100 ms,
    // so that only a pause of 900 ms on a loaded machine could look idle (250 ms steps failed once).
    const piece = Math.ceil(body.length / 15);
    for (let i = 0; i < body.length; i += piece) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.write(body.slice(i, i + piece));
    }
    const { received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 401/);
  });

  it('closes a kept-alive connection left idle', async () => {
    const socket = await open();
    socket.write('GET /api/health/ HTTP/1.1\r\nHost: x\r\n\r\n');
    const { ms, received } = await closedAfter(socket);
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeLessThan(3_000);
  });
});

describe('connections per client address', () => {
  it('refuses connections past the cap and accepts them again once others close', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, open));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const extra = await open();
    const { ms, received } = await closedAfter(extra, 2_000);
    expect(ms).toBeLessThan(1_000);
    expect(received).toBe('');
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await fetch(`${t.baseUrl}/api/health/`);
    expect(res.status).toBe(200);
  });
});
