import type { FastifyInstance } from 'fastify';
import {
  APP_OUTDATED_STATUS,
  APP_VERSION_HEADER,
  SUPPORTED_APP_VERSIONS_HEADER,
  formatVersionRange,
  type AppVersionRange,
} from '@/shared/app-version';
import { SERVER_MESSAGES } from '@/shared/messages';
import { ApiError, badRequest } from './errors';

export const APP_VERSION_NOT_A_NUMBER = `${APP_VERSION_HEADER} must be a whole number.`;

const STATED = APP_VERSION_HEADER.toLowerCase();

/**
 * The app versions the API serves (docs/api.md#app-versions): every answer under /api/ names the
 * range, and a request whose X-App-Version is below it is refused with 426 before anything else
 * reads it. A request without the header is served as before: other clients, scripts and the
 * app builds from before versions were stated. Health checks are never refused: a balancer's
 * probe and an outdated app's reachability check must keep their answers.
 */
export function registerAppVersions(app: FastifyInstance, range: AppVersionRange): void {
  const served = formatVersionRange(range);
  // Synchronous, as the other onRequest hooks: most requests pass without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    reply.header(SUPPORTED_APP_VERSIONS_HEADER, served);
    const stated = request.headers[STATED];
    if (stated === undefined || request.url.startsWith('/api/health/')) return done();
    const text = Array.isArray(stated) ? stated[0] : stated;
    if (!/^\d{1,9}$/.test(text.trim())) return done(badRequest(APP_VERSION_NOT_A_NUMBER));
    if (Number(text) < range.min) return done(new ApiError(APP_OUTDATED_STATUS, { detail: SERVER_MESSAGES.APP_OUTDATED }));
    done();
  });
}
