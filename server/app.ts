import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { readPush, type Config } from './config';
import { observeQueries, poolStats, type Database } from './db';
import { traceQueries } from './db/query-spans';
import { activeTracing } from './lib/tracing';
import { measureRequests, observeQuery, readFromDatabase } from './lib/metrics';
import { moderationQueueLength } from './services/trust/moderation';
import { registerAuth } from './services/accounts/sessions';
import { registerCompression } from './lib/compression';
import { DEFAULT_MAX_LAG_MS, registerLoadShedding } from './lib/load-shedding';
import { registerAddressGate } from './lib/address-gate';
import { connectionOptions, DEFAULT_CONNECTION_LIMITS, limitConnectionsPerAddress, originForm } from './lib/connections';
import { registerErrorHandler } from './lib/error-handler';
import { registerFormBodies } from './lib/form-bodies';
import { readForm } from './services/media/forms';
import { createLogger, logRequests } from './lib/logging';
import type { Logger } from 'pino';
import { FORM_LIMITS } from './lib/body';
import { createMailer, type Mailer } from './services/mail';
import { createMediaStore, type MediaStore } from './services/media/store';
import { openMediaObjects } from './services/media/open-objects';
import { sweepUnreferencedMedia, SWEEP_INTERVAL_MS } from './services/media/sweep';
import { backfillMediaColors } from './services/media/colors';
import { createTokenService, type TokenService } from './services/accounts/tokens';
import { createPushSender, type PushSender } from './services/push/sender';
import { createLiveHub, type LiveHub } from './services/live';
import { createModeratorCheck, type ModeratorCheck } from './services/trust/moderators';
import { MAX_UPLOAD_BYTES, GALLERY_MAX_FILES } from '../src/shared/constants';
import { registerPageRoutes, registerRoutes } from './routes';
import { DIST_DIR, registerWeb } from './web';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerAppVersions } from './lib/app-versions';
import { APP_VERSION, MIN_APP_VERSION } from '../src/shared/app-version';
import { answerSerializer, describeAnswers, requireAnswerSchemas } from './lib/responses';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    tokens: TokenService;
    mailer: Mailer;
    media: MediaStore;
    /** Web Push to the devices of whoever a request notified (services/push/sender.ts). */
    push: PushSender;
    /** Pokes to the open apps of whoever a change concerns (services/live.ts). */
    live: LiveHub;
    /** Whether a signed-in user holds the moderator role (services/trust/moderators.ts). */
    isModerator: ModeratorCheck;
    /** draining: the server is stopping (main.ts); readiness answers 503 so a balancer sends no more. */
    lifecycle: { draining: boolean };
  }
}

export interface AppOptions {
  config: Config;
  db: Database;
  /** Replaces the SMTP/log mailer (tests use a real SMTP sink instead, through config.smtpUrl). */
  mailer?: Mailer;
  logger?: boolean;
  /** The process's logger (main.ts); unset, one is made from the configuration. */
  log?: Logger;
  /** Serve the built web app (dist/) on the same port; main.ts turns it on, API tests leave it off. */
  web?: boolean | { distDir: string };
}

/** The Fastify app, without listening: main.ts serves it, tests start it on a random port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...config.connections };
  const app = Fastify({
    ...connectionOptions(limits),
    ...(options.logger === false
      ? { logger: false }
      : { loggerInstance: (options.log ?? (await createLogger(config))) as FastifyBaseLogger }),
    // One line per request instead (lib/logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false },
    // An absolute-form target ("GET http://host/api/me/ HTTP/1.1", which proxies send) is routed,
    // authenticated and logged by its path, like the origin form every browser sends.
    rewriteUrl: (req) => originForm(req.url ?? '/'),
  }).withTypeProvider<ZodTypeProvider>();

  // Traces (docs/operations.md#traces): the request instrumentation comes before every other hook and route.
  const tracing = activeTracing();
  if (tracing) {
    await tracing.register(app);
    traceQueries(tracing.traceQuery);
  }

  // A keep-alive connection whose last request ends while the app closes would hold the close
  // for its whole timeout (72 s): close such connections as soon as they are idle.
  let idleCloser: ReturnType<typeof setInterval> | undefined;
  app.addHook('preClose', async () => {
    idleCloser = setInterval(() => app.server.closeIdleConnections(), 100).unref();
  });
  app.addHook('onClose', async () => clearInterval(idleCloser));

  limitConnectionsPerAddress(app, config, limits.perAddress);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer);
  requireAnswerSchemas(app);

  app.decorate('config', config);
  app.decorate('lifecycle', { draining: false });
  logRequests(app, config.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json'));
  // The metrics (docs/operations.md#metrics): what the database knows is read at scrape time.
  measureRequests(app);
  observeQueries(observeQuery);
  const unwire = readFromDatabase({ pool: () => poolStats(db), moderationQueue: () => moderationQueueLength(db) });
  app.addHook('onClose', async () => unwire());
  app.decorate('db', db);
  app.decorate('isModerator', createModeratorCheck(config.moderatorEmails));
  app.decorate('tokens', createTokenService(db, config.jwtSecret));
  app.decorate('mailer', options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }));
  const mediaObjects = await openMediaObjects(config.dataDir, config.mediaS3);
  app.decorate('media', createMediaStore(mediaObjects, db));
  app.addHook('onClose', () => mediaObjects.close());
  const live = createLiveHub(db, config.databaseUrl, app.log);
  app.decorate('live', live);
  // Open streams end first: the server's close would wait for them otherwise.
  app.addHook('preClose', () => live.close());
  const push = createPushSender(db, config.push ?? readPush({}, config.dataDir), app.log, (userIds) => live.poke(userIds));
  app.decorate('push', push);
  app.addHook('onClose', () => push.close());

  registerErrorHandler(app);
  registerAppVersions(app, { min: config.minAppVersion ?? MIN_APP_VERSION, max: APP_VERSION });
  const distDir = options.web ? (options.web === true ? DIST_DIR : options.web.distDir) : undefined;
  const indexFile = distDir && path.join(distDir, 'index.html');
  registerSecurityHeaders(app, {
    indexHtml: indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined,
    ratesUrl: config.ratesUrl,
  });
  await registerLoadShedding(app, config.maxEventLoopLagMs ?? DEFAULT_MAX_LAG_MS);
  registerAuth(app);
  await registerAddressGate(app);
  await registerCompression(app);

  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: GALLERY_MAX_FILES + 1, ...FORM_LIMITS },
  });

  registerFormBodies(app, readForm);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Marketplace API', version: '1.0.0', description: 'The API behind the offline-first marketplace PWA.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: describeAnswers,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Files nothing references (refused posts, unused uploads) are removed once their grace period is over.
  const sweeper = setInterval(() => {
    sweepUnreferencedMedia(db, app.media).catch((error) => app.log.warn({ err: error }, 'media sweep failed'));
  }, SWEEP_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  // Pictures stored before colours were kept get theirs in the background, a batch at a time.
  let closing = false;
  const backfill = setTimeout(async () => {
    try {
      while (!closing && (await backfillMediaColors(db, app.media.objects)) > 0);
    } catch (error) {
      if (!closing) app.log.warn({ err: error }, 'media colour backfill failed');
    }
  }, 3_000).unref();
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(backfill);
  });

  await registerRoutes(app);
  if (distDir) await registerPageRoutes(app, await registerWeb(app, distDir));
  return app;
}
