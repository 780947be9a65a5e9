import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDatabase, startServerProcess, tinyDist, type ServerProcess } from './processes';

/**
 * With WEB_CONCURRENCY workers one scrape answers for all of them (docs/operations.md#metrics):
 * the worker that takes it asks the primary, which gathers every worker's metrics over the
 * cluster's IPC. Workers need PostgreSQL (the embedded database belongs to one process).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.log('metrics-workers tests SKIPPED: workers need DATABASE_URL');

const TOKEN = 'cluster-scrape-token';
const REQUESTS = 40;

/** One request on a connection of its own, so the cluster hands each to the next worker. */
const healthOnNewConnection = (baseUrl: string) =>
  new Promise<number>((resolve, reject) => {
    get(`${baseUrl}/api/health/`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });

describe.skipIf(!onPostgres)('GET /metrics with two workers', () => {
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await sharedDatabase();
    server = await startServerProcess(
      {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        WEB_DIST_DIR: await tinyDist(),
        METRICS_TOKEN: TOKEN,
      },
      { readyMs: 400_000 },
    );
    // Both workers listen before the requests are spread over them.
    for (const worker of [1, 2])
      await server.waitForLog((line) => line.worker === worker && String(line.msg).startsWith('ready on'), 400_000);
  }, 900_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.drop();
  });

  it('aggregates every worker into one scrape', async () => {
    for (let i = 0; i < REQUESTS; i++) expect(await healthOnNewConnection(server.baseUrl)).toBe(200);
    const served = server.logs.filter((line) => line.url === '/api/health/').map((line) => line.worker);
    await expect.poll(() => server.logs.filter((line) => line.url === '/api/health/').length).toBe(REQUESTS);
    // Each worker answered some: a scrape of one worker alone would count fewer than all.
    expect(new Set(served)).toEqual(new Set([1, 2]));

    const res = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`http_request_duration_seconds_count{method="GET",route="/api/health/",status="200"} ${REQUESTS}\n`);
    // Gauges of the one database are not multiplied by the workers.
    expect(text).toContain('marketplace_moderation_queue{queue="reports"} 0\n');
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
  });
});
