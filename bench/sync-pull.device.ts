/**
 * The device side of sync, in Node with fake-indexeddb, run by hand (never part of npm test):
 *   npx tsx bench/catalogue-generate.ts 10000
 *   NODE_ENV=production npx vitest run --config bench/vitest.config.ts --mode production bench/sync-pull.device.ts
 * (production mode, as the built app runs: answers are not checked against their schemas).
 * Prints: the initial pull of the catalogue stream into Dexie (pages of 1,000, one transaction
 * each, cursor committed per page, the next page fetched while one is written) beside a bare
 * Dexie bulkPut of the same rows and the server's own time for those pages, in the same run; the
 * bytes of an empty delta pull; local search time per keystroke over the catalogue
 * (BENCH_PULL_ONLY=1: the pull alone, e.g. a second time against PostgreSQL).
 * Targets: pull within 2× of the bare bulkPut; empty pull < 1 KB; search < 30 ms a keystroke.
 */
import 'fake-indexeddb/auto';
import { it } from 'vitest';
import { spawn } from 'node:child_process';
import Dexie from 'dexie';
import { i18n } from '@lingui/core';
import { record } from './record';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}
(globalThis as Record<string, unknown>).localStorage = new MemoryStorage();
i18n.loadAndActivate({ locale: 'en', messages: {} });

it('prints the sync figures', async () => {
  const { db } = await import('../src/db/db');
  const { setApiBase } = await import('../src/sync/api/client');
  const { pullStream, cursorOf } = await import('../src/sync/pull/streams');
  const { searchLocal } = await import('../src/db/search');
  const { toProductRow } = await import('../src/sync/pull/apply');

  const port = Number(process.env.BENCH_PORT ?? 3196);
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/catalogue-serve.ts'], {
    env: { ...process.env, BENCH_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}/api`;
  setApiBase(base);

  try {
    // A first pull warms the server (JIT, database caches). It asks for pages of another size, so
    // the measured pull finds none of its pages made yet (GET /api/sync/ keeps the catalogue
    // stream's pages per catalogue version): the first device after a change, the server's worst case.
    const fresh = () => Promise.all(db.tables.map((table) => table.clear()));
    await pullStream('catalogue', undefined, 999);
    await fresh();
    const started = performance.now();
    await pullStream('catalogue');
    const pullMs = performance.now() - started;
    const rows = await db.products.toArray();
    // A later device: the server sends pages it made already.
    await fresh();
    const laterStart = performance.now();
    await pullStream('catalogue');
    const laterMs = performance.now() - laterStart;

    // The server alone, on pages not made yet: fetched and read one after the other, nothing written.
    const serverStart = performance.now();
    for (let since = '', more = true; more; ) {
      const page = (await (
        await fetch(`${base}/sync/?collections=products&limit=998${since ? `&since=${encodeURIComponent(since)}` : ''}`)
      ).json()) as { cursor: string; has_more: boolean };
      since = page.cursor;
      more = page.has_more;
    }
    const serverMs = performance.now() - serverStart;

    // The same rows, as the API sent them, into a fresh Dexie table with the same indexes.
    const bare = new Dexie('bare-bench');
    bare.version(1).stores({ products: 'id, created_at, flash_deal_ends_at, category_id, supplier_id' });
    const plain = rows.map(({ category_id: _c, supplier_id: _s, fetched_at: _f, ...p }) => p);
    const bareStart = performance.now();
    await bare.table('products').bulkPut(plain.map((p) => toProductRow(p)));
    const bareMs = performance.now() - bareStart;
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `initial pull (server on ${database}): ${rows.length} products in ${Math.round(pullMs)} ms (first device after a change), ${Math.round(laterMs)} ms (a later device); the server alone answers such pages in ${Math.round(serverMs)} ms; a bare Dexie bulkPut of the same rows takes ${Math.round(bareMs)} ms -> pull / bulkPut = ${(pullMs / bareMs).toFixed(2)}× and ${(laterMs / bareMs).toFixed(2)}× (target ≤ 2×)`,
    );

    const title = `Initial sync in Node, fake-indexeddb (${rows.length} products, server on ${database})`;
    const ceiling = (ms: number) =>
      `bare Dexie bulkPut ${Math.round(bareMs)} ms (${(ms / bareMs).toFixed(2)}×); the server alone ${Math.round(serverMs)} ms`;
    record(title, [
      {
        figure:
          'catalogue pulled into Dexie, first device after a change (pages of 1,000, a cursor each, the next page fetched while one is written)',
        value: Math.round(pullMs),
        unit: 'ms',
        target: '≤ 2× bare bulkPut',
        met: pullMs <= 2 * bareMs,
        ceiling: ceiling(pullMs),
      },
      {
        figure: 'the same, a later device (pages already made by the server)',
        value: Math.round(laterMs),
        unit: 'ms',
        target: '≤ 2× bare bulkPut',
        met: laterMs <= 2 * bareMs,
        ceiling: ceiling(laterMs),
      },
    ]);
    if (process.env.BENCH_PULL_ONLY === '1') return;
    const answer = await fetch(`${base}/sync/?collections=products&since=${encodeURIComponent((await cursorOf('catalogue'))!)}`);
    const emptyBytes = (await answer.arrayBuffer()).byteLength;
    console.log(`empty delta pull: ${emptyBytes} bytes (target < 1024)`);
    record('Empty sync', [{ figure: 'empty delta pull', value: emptyBytes, unit: 'bytes', target: '< 1 KB', met: emptyBytes < 1024 }]);

    const buildStart = performance.now();
    await searchLocal('x');
    console.log(`local search index built in ${Math.round(performance.now() - buildStart)} ms (once per catalogue change)`);
    for (const term of ['organic coffee', 'kirmizi kahve', 'lagos shea']) {
      const times: number[] = [];
      let hits = 0;
      for (let i = 1; i <= term.length; i += 1) {
        const t0 = performance.now();
        hits = (await searchLocal(term.slice(0, i))).length;
        times.push(performance.now() - t0);
      }
      record(`Local search (${rows.length} products)`, [
        {
          figure: `"${term}" typed letter by letter, slowest keystroke (mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(1)} ms)`,
          value: Number(Math.max(...times).toFixed(1)),
          unit: 'ms',
          target: '< 30 ms',
          met: Math.max(...times) < 30,
        },
      ]);
      console.log(
        `local search "${term}" typed letter by letter: mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms a keystroke (${hits} hits; target < 30 ms)`,
      );
    }
  } finally {
    server.kill();
  }
});
