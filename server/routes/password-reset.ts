import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, fieldError } from '../lib/errors';
import { failures } from '../lib/responses';
import { CODE_REQUESTS_GATE } from '../lib/address-gate';
import { findUserByEmail, takeAttempt, waitError } from '../services/accounts/rules';
import {
  createPasswordResetService,
  RESET_CODE_MESSAGES,
  resetClientRules,
  resetCooldownRules,
  resetRequestRules,
} from '../services/accounts/password-reset';
import { createRateLimiter, otpRules } from '../services/rate-limit';
import { PASSWORD_RESET_DONE, PASSWORD_RESET_SENT, passwordResetConfirmSchema, passwordResetSchema } from '@/shared/password-reset';

const MAIL_FAILED = 'The e-mail could not be sent. Please try again in a moment.';
const TOO_MANY_REQUESTS = (wait: string) => `Too many codes were asked for today. Please try again in ${wait}.`;
const TOO_MANY_FROM_CLIENT = (wait: string) => `Too many codes were asked for from your network. Please try again in ${wait}.`;
const TOO_MANY_CODES = (wait: string) => `Too many wrong codes. Please try again in ${wait}.`;
const WAIT_A_MINUTE = (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`;

const detail = z.object({ detail: z.string() });

/**
 * "Forgot password?" (docs/api.md#password-reset): a code by e-mail, then a new password that ends
 * every sign-in. Both calls answer alike whether or not the address has an account.
 */
const passwordReset: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db);
  const reset = createPasswordResetService(app.db, app.config.jwtSecret, app.mailer);

  app.post(
    '/api/auth/password/reset/',
    {
      config: { rateLimit: CODE_REQUESTS_GATE },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a 6-digit code to reset the password',
        description:
          'Always the same answer, whether or not the address has an account (confirmed accounts only get a code). ' +
          'At most one code a minute and 5 a day per e-mail address, and 20 a day per client (429 with Retry-After); the code is valid 10 minutes.',
        body: passwordResetSchema,
        response: { 200: detail, ...failures(400, 401, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await takeAttempt(limiter, reply, resetClientRules(request.ip), TOO_MANY_FROM_CLIENT);
      const daily = await takeAttempt(limiter, reply, resetRequestRules(email), TOO_MANY_REQUESTS);
      const found = await findUserByEmail(app.db, email);
      const user = found?.is_verified ? found : undefined;
      // An address without an account is timed like one with: one answer a minute.
      const issued = user ? await reset.issue(user.id) : await limiter.consume(resetCooldownRules(email));
      if ('waitMs' in issued) {
        await limiter.release(daily);
        const seconds = Math.ceil(issued.waitMs / 1000);
        throw waitError(reply, issued.waitMs, () => WAIT_A_MINUTE(seconds));
      }
      if (user && 'code' in issued) {
        try {
          await reset.send(user.email, issued.code);
        } catch (err) {
          request.log.error({ err }, 'could not send the password reset e-mail');
          await reset.forgetSending(user.id);
          await limiter.release(daily);
          throw new ApiError(503, { detail: MAIL_FAILED });
        }
      }
      return { detail: PASSWORD_RESET_SENT };
    },
  );

  app.post(
    '/api/auth/password/reset/confirm/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed code; ends every sign-in',
        description:
          'A wrong, expired or burned code (5 wrong tries) answers {"code": ["The code is incorrect."]}, as does an address without a code: one answer for every miss, and every miss counts. ' +
          'Wrong codes are limited per account and per address like the sign-up code (429).',
        body: passwordResetConfirmSchema,
        response: { 200: detail, ...failures(400, 401, 413, 429) },
      },
    },
    async (request, reply) => {
      const { email, code, new_password1 } = request.body;
      const found = await findUserByEmail(app.db, email);
      const user = found?.is_verified ? found : undefined;
      // Counted as wrong until it proves right, so parallel guesses cannot slip past the limit.
      const attempt = await takeAttempt(limiter, reply, otpRules(email, request.ip), TOO_MANY_CODES);
      const result = user ? await reset.check(user.id, code) : 'incorrect';
      // Every miss answers alike and counts: an expired or burned code, or none at all, would
      // otherwise tell a confirmed account from an unknown address.
      if (!user || result !== 'ok') throw fieldError('code', RESET_CODE_MESSAGES.incorrect);
      await limiter.release(attempt);
      await reset.setPassword(user.id, new_password1);
      return { detail: PASSWORD_RESET_DONE };
    },
  );
};

export default passwordReset;
