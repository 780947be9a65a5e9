import type { FastifyInstance, FastifyPluginCallback } from 'fastify';

/**
 * OpenTelemetry traces (docs/operations.md#traces), on only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set: requests (@fastify/otel) and database queries (`traceQuery`, wired into the database
 * layer by server/app.ts) go to that OTLP/HTTP endpoint, and every log line written while a
 * span is active carries its `trace_id` and `span_id`. Unset, nothing here loads the SDK and
 * the hooks below are never installed: tracing costs nothing.
 */
export interface Tracing {
  /** Registers the request instrumentation on an app, before its routes. */
  register(app: FastifyInstance): Promise<void>;
  /** Runs one database statement inside a span of its own, a child of whatever span is active. */
  traceQuery<T>(statement: { operation: string; table?: string }, run: () => Promise<T>): Promise<T>;
  /** Fields for pino's mixin: the active span's ids, or none. */
  logFields(): Record<string, string>;
  /** Sends the spans still buffered and stops; the process exits after it. */
  shutdown(): Promise<void>;
}

let started: Tracing | undefined;

/** The tracing this process started (main.ts), if any. */
export const activeTracing = (): Tracing | undefined => started;

/** The route templates whose requests are not traced: an event stream stays open for up to an hour. */
const UNTRACED_ROUTES = new Set(['/api/events/']);

/**
 * Starts tracing when the environment asks for it (OTEL_EXPORTER_OTLP_ENDPOINT, or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); the standard OTEL_* variables tune it (service name,
 * resource attributes, batch delay). Each process traces for itself, workers included.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env, version?: string): Promise<Tracing | undefined> {
  if (started) return started;
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  if (env.OTEL_SDK_DISABLED === 'true') return undefined;

  const [api, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, resources, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@fastify/otel'),
    ]);
  const { trace, context, SpanKind, SpanStatusCode } = api;

  const resource = resources
    .resourceFromAttributes({ 'service.name': 'marketplace', ...(version ? { 'service.version': version } : {}) })
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the defaults; the pid tells workers apart.
    .merge(resources.detectResources({ detectors: [resources.envDetector, resources.processDetector] }));
  // The exporter reads the endpoint and its headers (OTEL_EXPORTER_OTLP_HEADERS) itself, adding /v1/traces.
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  provider.register();
  const tracer = trace.getTracer('marketplace');

  const fastifyOtel = new FastifyOtelInstrumentation({
    // Hooks are small and synchronous here; their queries show under the request span anyway.
    instrumentHooks: false,
    ignorePaths: (route: { url: string }) => UNTRACED_ROUTES.has(route.url),
    requestHook: (span, request) => {
      // Named as the semantic conventions ask, by route template: "GET /api/products/:id/".
      span.updateName(request.routeOptions.url ? `${request.method} ${request.routeOptions.url}` : request.method);
      // The path without its query, which can hold what a user searched for.
      span.setAttribute('url.path', request.url.split('?')[0]);
    },
  });
  fastifyOtel.setTracerProvider(provider);

  started = {
    async register(app) {
      await app.register(fastifyOtel.plugin() as FastifyPluginCallback);
    },
    traceQuery(statement, run) {
      const name = statement.table ? `${statement.operation} ${statement.table}` : statement.operation;
      const attributes = {
        'db.system.name': 'postgresql',
        'db.operation.name': statement.operation,
        ...(statement.table ? { 'db.collection.name': statement.table } : {}),
      };
      return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
        try {
          return await run();
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
          throw error;
        } finally {
          span.end();
        }
      });
    },
    logFields(): Record<string, string> {
      // A new object each time: pino merges the line's own fields into it.
      const span = trace.getSpan(context.active());
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    async shutdown() {
      await provider.shutdown().catch(() => {});
    },
  };
  return started;
}
