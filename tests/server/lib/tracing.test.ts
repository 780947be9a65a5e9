import { PGlite } from '@electric-sql/pglite';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgliteExtensions } from '@server/db';
import { sharedDatabase, startServerProcess, tinyDist, type ServerProcess } from '../processes';

/**
 * Traces (docs/operations.md#traces): `npm start` with OTEL_EXPORTER_OTLP_ENDPOINT sends its
 * spans to that OTLP/HTTP receiver (one started here, on 127.0.0.1): a server span per request
 * named by its route template, a child span per database statement with its kind and table but
 * no values, and the request's log line carries the trace id. On the embedded database, on
 * PostgreSQL, and with two workers (PostgreSQL only).
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}
const SERVER = 2;
const CLIENT = 3;

/** An OTLP/HTTP trace receiver (JSON encoding): every span it was sent, with its resource's pid. */
async function startReceiver() {
  const spans: Array<OtlpSpan & { pid?: number }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const sent = JSON.parse(body) as {
          resourceSpans: Array<{ resource: { attributes: OtlpSpan['attributes'] }; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
        };
        for (const { resource, scopeSpans } of sent.resourceSpans) {
          const pid = Number(resource.attributes.find((a) => a.key === 'process.pid')?.value.intValue);
          for (const scope of scopeSpans) for (const span of scope.spans) spans.push({ ...span, pid });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { spans, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value && Object.values(value)[0];
};

/** The database the process serves: a migrated PGlite in a DATA_DIR, or a migrated PostgreSQL database. */
async function migratedDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const database = await sharedDatabase();
    return { env: { DATABASE_URL: database.url }, drop: () => database.drop() };
  }
  const dataDir = await mkdtemp(path.join(inject('tmpDir'), 'trace-'));
  const loadDataDir = new Blob([await readFile(inject('pgliteTemplate')!)]);
  await (await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir, extensions: pgliteExtensions })).close();
  return { env: { DATA_DIR: dataDir }, drop: async () => {} };
}

const onPostgres = Boolean(process.env.DATABASE_URL);
const setups = [{ name: 'one process', workers: 1 }, ...(onPostgres ? [{ name: 'two workers', workers: 2 }] : [])];
if (!onPostgres) console.log('tracing with workers SKIPPED: workers need DATABASE_URL');

describe.each(setups)('traces with OTEL_EXPORTER_OTLP_ENDPOINT ($name)', ({ workers }) => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    receiver = await startReceiver();
    database = await migratedDatabase();
    server = await startServerProcess(
      {
        ...database.env,
        WEB_CONCURRENCY: String(workers),
        WEB_DIST_DIR: await tinyDist(),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'marketplace-under-test',
        // Spans leave every 100 ms instead of every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      { readyMs: 400_000 },
    );
    if (workers > 1) {
      for (let worker = 1; worker <= workers; worker++)
        await server.waitForLog((line) => line.worker === worker && String(line.msg).startsWith('ready on'), 400_000);
    }
  }, 900_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    receiver?.close();
    await database?.drop();
  });

  it('sends a server span by route template, its queries as child spans, and logs its trace id', async () => {
    const res = await fetch(`${server.baseUrl}/api/products/424242/?search=secret-term-913`);
    expect(res.status).toBe(404);

    const requestSpan = () => receiver.spans.find((s) => s.kind === SERVER && attribute(s, 'http.route') === '/api/products/:id/');
    await expect.poll(requestSpan, { timeout: 20_000 }).toBeDefined();
    const request = requestSpan()!;
    expect(request.name).toBe('GET /api/products/:id/');
    expect(attribute(request, 'http.response.status_code')).toBe(404);
    expect(attribute(request, 'url.path')).toBe('/api/products/424242/');
    expect(JSON.stringify(receiver.spans)).not.toContain('secret-term-913');

    // Its statements: in the same trace, under the request span (directly or through the handler's span).
    await expect.poll(() => receiver.spans.filter((s) => s.kind === CLIENT && s.traceId === request.traceId).length).toBeGreaterThan(0);
    const inTrace = new Map(receiver.spans.filter((s) => s.traceId === request.traceId).map((s) => [s.spanId, s]));
    const queries = [...inTrace.values()].filter((s) => s.kind === CLIENT);
    for (const query of queries) {
      let parent = query.parentSpanId ? inTrace.get(query.parentSpanId) : undefined;
      while (parent && parent !== request) parent = parent.parentSpanId ? inTrace.get(parent.parentSpanId) : undefined;
      expect(parent).toBe(request);
    }
    const read = queries.find((q) => attribute(q, 'db.collection.name') === 'products');
    expect(read?.name).toBe('SELECT products');
    expect(attribute(read!, 'db.operation.name')).toBe('SELECT');
    expect(attribute(read!, 'db.system.name')).toBe('postgresql');
    // Kinds and tables only: no statement text, no parameter.
    expect(JSON.stringify(queries)).not.toContain('424242');
    expect(JSON.stringify(queries)).not.toMatch(/\bwhere\b/i);

    const logged = await server.waitForLog((line) => line.url === '/api/products/424242/?search=secret-term-913');
    expect(logged.trace_id).toBe(request.traceId);
  });

  it.runIf(workers > 1)('traces requests in every worker', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${server.baseUrl}/api/health/`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
    }
    const healthSpans = () => receiver.spans.filter((s) => s.kind === SERVER && attribute(s, 'http.route') === '/api/health/');
    await expect.poll(() => healthSpans().length, { timeout: 20_000 }).toBe(20);
    expect(new Set(healthSpans().map((s) => s.pid)).size).toBe(workers);
  });
});
