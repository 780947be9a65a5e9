import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';

/**
 * The process's Prometheus metrics (docs/operations.md#metrics), in prom-client's global
 * registry: one set per process however many apps it builds (tests build many). Domains count
 * through the named metrics below; what only the database knows (the moderation queue, the
 * pool) is read at scrape time through a function the entry wires in (server/app.ts).
 */
export const registry = client.register;

if (!registry.getSingleMetric('process_cpu_user_seconds_total')) {
  // Memory, CPU, event-loop lag and GC pauses.
  client.collectDefaultMetrics({ register: registry });
}

// A worker answers the primary's requests for its metrics once an aggregator exists in it too (prom-client's cluster.js).
if (cluster.isWorker) new client.AggregatorRegistry();

const metric = <T>(name: string, make: () => T): T => (registry.getSingleMetric(name) as T | undefined) ?? make();

export const httpDuration = metric(
  'http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const dbQueryDuration = metric(
  'db_query_duration_seconds',
  () =>
    new client.Histogram({
      name: 'db_query_duration_seconds',
      help: 'Time of a database query, by outcome (ok or error)',
      labelNames: ['outcome'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    }),
);

export const signIns = metric(
  'marketplace_sign_ins_total',
  () =>
    new client.Counter({
      name: 'marketplace_sign_ins_total',
      help: 'Sign-ins that issued tokens, by how (password or code)',
      labelNames: ['method'] as const,
    }),
);

export const syncPullRows = metric(
  'marketplace_sync_pull_rows',
  () =>
    new client.Histogram({
      name: 'marketplace_sync_pull_rows',
      help: 'Rows and tombstones one GET /api/sync/ answered (its _count is the number of pulls)',
      buckets: [0, 1, 10, 50, 100, 250, 500, 1000],
    }),
);

export const outboxWrites = metric(
  'marketplace_outbox_writes_total',
  () =>
    new client.Counter({
      name: 'marketplace_outbox_writes_total',
      help: "Devices' queued writes (a body with a client_id) the server accepted, by route template",
      labelNames: ['route'] as const,
    }),
);

export const pushesSent = metric(
  'marketplace_pushes_total',
  () =>
    new client.Counter({
      name: 'marketplace_pushes_total',
      help: 'Web Push deliveries, by result (sent, gone: the subscription ended, failed)',
      labelNames: ['result'] as const,
    }),
);

export const mailsSent = metric(
  'marketplace_mails_total',
  () =>
    new client.Counter({
      name: 'marketplace_mails_total',
      help: 'Mails handed to SMTP (or the log), by result (sent or failed)',
      labelNames: ['result'] as const,
    }),
);

export const eventStreams = metric(
  'marketplace_event_streams_open',
  () => new client.Gauge({ name: 'marketplace_event_streams_open', help: 'Open poke streams (GET /api/events/)' }),
);

export const uploadsInProgress = metric(
  'marketplace_uploads_in_progress',
  () => new client.Gauge({ name: 'marketplace_uploads_in_progress', help: 'File bodies being received (forms and resumable uploads)' }),
);

/**
 * What the entry wires in for a scrape (server/app.ts), read from the database: the newest app
 * still open answers (a process serves one; tests build several one after another).
 */
type Readers = {
  moderationQueue: () => Promise<{ reports: number; verifications: number }>;
  pool: () => { total: number; idle: number; waiting: number } | undefined;
};
const wired: Readers[] = [];
const readers = (): Partial<Readers> => wired.at(-1) ?? {};

/** Wires the database's readers in; the function returned takes them out (the app's close). */
export function readFromDatabase(read: Readers): () => void {
  wired.push(read);
  return () => {
    const at = wired.indexOf(read);
    if (at >= 0) wired.splice(at, 1);
  };
}

metric(
  'marketplace_moderation_queue',
  () =>
    new client.Gauge({
      name: 'marketplace_moderation_queue',
      help: 'Waiting for a moderator: open reports and pending business verifications',
      labelNames: ['queue'] as const,
      // Every worker reads the same database: the cluster's answer is one of them, not their sum.
      aggregator: 'max',
      async collect() {
        const queue = await readers()
          .moderationQueue?.()
          .catch(() => undefined);
        if (!queue) return;
        this.set({ queue: 'reports' }, queue.reports);
        this.set({ queue: 'verifications' }, queue.verifications);
      },
    }),
);

metric(
  'db_pool_connections',
  () =>
    new client.Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (idle, busy) and requests waiting for one (waiting)',
      labelNames: ['state'] as const,
      collect() {
        const pool = readers().pool?.();
        if (!pool) return;
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'busy' }, pool.total - pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    }),
);

/** One query's time, as the database layer reports it (db/index.ts `observeQueries`). */
export function observeQuery(ms: number, failed: boolean): void {
  dbQueryDuration.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000);
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FILE_BODY = /^(multipart\/form-data|application\/offset\+octet-stream)/i;
const counted = new WeakSet<FastifyRequest>();

/** The route a request matched, as its template (/api/products/:id/), never the raw path or query. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/** Request durations, queued writes accepted and file bodies in progress, from three synchronous hooks. */
export function measureRequests(app: FastifyInstance): void {
  const uploadEnded = (request: FastifyRequest) => {
    if (counted.delete(request)) uploadsInProgress.dec();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (WRITES.has(request.method) && FILE_BODY.test(request.headers['content-type'] ?? '')) {
      counted.add(request);
      uploadsInProgress.inc();
    }
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    uploadEnded(request);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    uploadEnded(request);
    const route = routeOf(request);
    httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const body = request.body as { client_id?: unknown } | undefined;
    if (reply.statusCode < 300 && WRITES.has(request.method) && typeof body?.client_id === 'string') outboxWrites.inc({ route });
    done();
  });
}

/** Asked of the primary by a worker: the metrics of every worker, aggregated (server/workers.ts). */
export const CLUSTER_METRICS_REQUEST = 'marketplace:metrics';
const CLUSTER_METRICS_ANSWER = 'marketplace:metrics-answer';
const CLUSTER_TIMEOUT_MS = 5_000;

interface ClusterAnswer {
  type: typeof CLUSTER_METRICS_ANSWER;
  id: string;
  text?: string;
  error?: string;
}

/** The scrape's text: this process's metrics, or in a worker every worker's through the primary. */
export function scrape(): Promise<string> {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return registry.metrics();
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('the primary did not answer with the metrics')), CLUSTER_TIMEOUT_MS);
    const onMessage = (message: ClusterAnswer) => {
      if (message?.type !== CLUSTER_METRICS_ANSWER || message.id !== id) return;
      done(message.error === undefined ? undefined : new Error(message.error), message.text);
    };
    const done = (error?: Error, text?: string) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (error) reject(error);
      else resolve(text ?? '');
    };
    process.on('message', onMessage);
    send({ type: CLUSTER_METRICS_REQUEST, id });
  });
}

/** In the primary: answers workers' scrapes with every worker's metrics, summed (gauges marked otherwise). */
export function serveClusterMetrics(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== CLUSTER_METRICS_REQUEST) return;
    const answer = (fields: Partial<ClusterAnswer>) => {
      if (worker.isConnected()) worker.send({ type: CLUSTER_METRICS_ANSWER, id: message.id, ...fields });
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: Error) => answer({ error: error.message }),
    );
  });
}

export const metricsContentType = registry.contentType;
