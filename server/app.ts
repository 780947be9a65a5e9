import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db';
import { registerAuth } from './lib/auth';
import { registerCompression } from './lib/compression';
import { registerErrorHandler } from './lib/error-handler';
import { registerFormBodies } from './lib/form-bodies';
import { createMailer, type Mailer } from './services/mail';
import { createMediaStore, type MediaStore } from './services/media';
import { createTokenService, type TokenService } from './services/tokens';
import { MAX_UPLOAD_BYTES, GALLERY_MAX_FILES } from '../src/shared/constants';
import { registerRoutes } from './routes';
import { registerWeb } from './web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    tokens: TokenService;
    mailer: Mailer;
    media: MediaStore;
  }
}

export interface AppOptions {
  config: Config;
  db: Database;
  /** Replaces the SMTP/log mailer (tests use a real SMTP sink instead, through config.smtpUrl). */
  mailer?: Mailer;
  logger?: boolean;
  /** Serve the built web app (dist/) on the same port; main.ts turns it on, API tests leave it off. */
  web?: boolean | { distDir: string };
}

/** The Fastify app, without listening: main.ts serves it, tests start it on a random port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('tokens', createTokenService(db, config.jwtSecret));
  app.decorate('mailer', options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }));
  app.decorate('media', createMediaStore(config.dataDir));

  registerErrorHandler(app);
  registerAuth(app);
  await registerCompression(app);

  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: GALLERY_MAX_FILES + 1, fields: 100, fieldSize: 100_000, parts: 120 },
  });

  registerFormBodies(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Marketplace API', version: '1.0.0', description: 'The API behind the offline-first marketplace PWA.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await registerRoutes(app);
  if (options.web) await registerWeb(app, options.web === true ? undefined : options.web.distDir);
  return app;
}
