import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../lib/auth';
import { ApiError, fieldError } from '../lib/errors';
import { serializeMe } from '../services/accounts/users';
import {
  awaitsCode,
  changePassword,
  checkPassword,
  confirmEmail,
  findUserByEmail,
  provesSignUp,
  registerAccount,
  setFirstPassword,
  takeAttempt,
  waitError,
} from '../services/accounts/rules';
import { failures } from '../lib/responses';
import { rememberDevice } from '../services/accounts/device-cookies';
import { forgetSignIn } from '../services/push/subscriptions';
import { deleteAccount } from '../services/accounts/me';
import { createOtpService, OTP_MESSAGES } from '../services/accounts/otp';
import {
  createRateLimiter,
  otpRules,
  otpSendAddressRules,
  rateKeys,
  resendWaitMs,
  signedUpOtpRules,
  signUpRules,
} from '../services/rate-limit';
import { jsonFromOwnOrigin } from '../lib/browser-posts';
import { CODE_REQUESTS_GATE, SIGN_UPS_GATE } from '../lib/address-gate';
import {
  loginSchema,
  otpSchema,
  passwordChangeSchema,
  passwordSetSchema,
  refreshSchema,
  registrationSchema,
  resendOtpSchema,
} from '@/shared/validation';
import { detailSchema } from '@/shared/errors';
import { otpLoginSchema, tokenPairSchema } from '@/shared/types';
import { SERVER_MESSAGES } from '@/shared/messages';
import { signIns } from '../lib/metrics';

const BAD_CREDENTIALS = SERVER_MESSAGES.BAD_CREDENTIALS;
const OTP_RESENT = 'A new OTP has been sent to your email.';
const PASSWORD_SAVED = 'New password has been saved.';
const MAIL_FAILED = SERVER_MESSAGES.MAIL_FAILED;
const TOO_MANY_SIGN_UPS = (wait: string) => `Too many sign-ups. Please try again in ${wait}.`;
const TOO_MANY_CODES = (wait: string) => `Too many wrong codes. Please try again in ${wait}.`;
const TOO_MANY_CODE_REQUESTS = (wait: string) => `Too many codes were asked for from your network. Please try again in ${wait}.`;
const RESEND_COOLDOWN = (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`;

const logoutSchema = refreshSchema.extend({ endpoint: z.string().max(2048).optional() });

/**
 * Sign-up, sign-in, tokens, email confirmation and password change (docs/api.md#tokens, docs/api.md#sign-up-and-the-emailed-code).
 * Failed sign-ins and wrong codes are counted per account and per address in the database.
 * The OTP endpoints answer alike whether or not an address has an account waiting for a code.
 */
const auth: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db);
  const otp = createOtpService(app.db, app.config.jwtSecret, app.mailer);

  /** Sends a code; a mail that cannot leave is reported, never silently lost. */
  async function mailCode(user: { id: number; email: string }, code: string, log: typeof app.log) {
    try {
      await otp.send(user.email, code);
    } catch (err) {
      log.error({ err }, 'could not send the verification e-mail');
      await otp.forgetSending(user.id);
      throw new ApiError(503, { detail: MAIL_FAILED });
    }
  }

  app.post(
    '/api/auth/registration/',
    {
      config: { rateLimit: SIGN_UPS_GATE },
      onRequest: jsonFromOwnOrigin,
      schema: {
        tags: ['auth'],
        summary: 'Create an unverified account and e-mail its code',
        description:
          'Answers a registration_token: send it back with the code (POST /api/auth/otp/verify/) to keep the sign-up password. ' +
          'Limited per address and overall; unverified accounts are removed after 7 days.',
        body: registrationSchema,
        response: { 201: z.object({ detail: z.string(), registration_token: z.string() }), ...failures(400, 401, 403, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      // Taken before the account is made, so parallel sign-ups cannot pass the caps together; given
      // back when refused (the address is taken, the mail could not leave): only accounts made
      // count, so no one can use the caps up with sign-ups that fail.
      const attempt = await takeAttempt(limiter, reply, signUpRules(request.ip), TOO_MANY_SIGN_UPS);
      const { user, registrationToken } = await registerAccount(app.db, input).catch(async (err) => {
        await limiter.release(attempt);
        throw err;
      });
      const issued = await otp.issue(user.id);
      try {
        if ('code' in issued) await mailCode(user, issued.code, request.log);
      } catch (err) {
        // Without its code the account could never be confirmed: undo it so signing up again works.
        await deleteAccount(app.db, user.id);
        await limiter.release(attempt);
        throw err;
      }
      // The sign-up's code is the address's first: the next one waits (resendWaitMs).
      await limiter.record(rateKeys.otpSend(user.email));
      reply.status(201);
      return { detail: 'Verification e-mail sent.', registration_token: registrationToken };
    },
  );

  app.post(
    '/api/auth/login/',
    {
      onRequest: jsonFromOwnOrigin,
      schema: {
        tags: ['auth'],
        summary: 'Sign in (unverified accounts too)',
        body: loginSchema,
        response: { 200: tokenPairSchema, ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await findUserByEmail(app.db, email);
      if (!(await checkPassword(limiter, request, reply, email, user, password)) || !user) {
        throw new ApiError(401, { detail: BAD_CREDENTIALS });
      }
      rememberDevice(request, reply, app.config.jwtSecret, user.email);
      signIns.inc({ method: 'password' });
      return app.tokens.issue(user.id);
    },
  );

  app.post(
    '/api/auth/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate a refresh token',
        body: refreshSchema,
        response: { 200: tokenPairSchema, ...failures(400, 401, 413) },
      },
    },
    async (request) => app.tokens.rotate(request.body.refresh),
  );

  app.post(
    '/api/auth/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the sign-in of this refresh token',
        description:
          "The sign-in's Web Push subscriptions go with it; endpoint, when given, names the device's own subscription (PushSubscription.endpoint) to remove as well.",
        body: logoutSchema,
        response: { 200: detailSchema, ...failures(400, 401, 413) },
      },
    },
    async (request) => {
      const { userId, sessionId } = await app.tokens.revoke(request.body.refresh);
      await forgetSignIn(app.db, userId, sessionId, request.body.endpoint);
      return { detail: 'Successfully logged out.' };
    },
  );

  app.post(
    '/api/auth/otp/verify/',
    {
      onRequest: jsonFromOwnOrigin,
      schema: {
        tags: ['auth'],
        summary: 'Confirm the e-mail with its code; signs in',
        description:
          'Without the registration_token of the sign-up (or a sign-in of the account), every earlier sign-in ends ' +
          'and the sign-up password stops working: must_set_password is then true, and POST /api/auth/password/set/ chooses a new one.',
        body: otpSchema,
        response: { 200: otpLoginSchema, ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { email, otp: code, registration_token } = request.body;
      const found = await findUserByEmail(app.db, email);
      // No account waiting for a code answers like a wrong code: nobody learns which addresses have accounts.
      const user = found && awaitsCode(found) ? found : undefined;
      const signedUp = user !== undefined && provesSignUp(user, registration_token);
      // Strangers' wrong codes cannot lock out the client that made the sign-up: it has its own allowance.
      const rules = user && signedUp ? signedUpOtpRules(user.id, request.ip) : otpRules(email, request.ip);
      // Counted as a wrong code until it proves right, so that parallel guesses cannot slip past the limit.
      const attempt = await takeAttempt(limiter, reply, rules, TOO_MANY_CODES);
      const result = user ? await otp.check(user.id, code) : 'incorrect';
      if (result !== 'incorrect') await limiter.release(attempt);
      const proven = user !== undefined && (signedUp || request.user?.id === user.id);
      // Only the client that made the sign-up (or is signed in to it) learns that its code expired
      // or was burned; to anyone else every failure is a wrong code, as for an address without one.
      if (!user || result !== 'ok') throw fieldError('otp', OTP_MESSAGES[result === 'ok' || !proven ? 'incorrect' : result]);

      const confirmed = await confirmEmail(app.db, user, proven);
      const tokens = await app.tokens.issue(user.id);
      signIns.inc({ method: 'code' });
      return {
        ...tokens,
        user: await serializeMe(app.db, confirmed.user, app.isModerator(confirmed.user)),
        must_set_password: confirmed.mustSetPassword,
      };
    },
  );

  app.post(
    '/api/auth/otp/resend/',
    {
      config: { rateLimit: CODE_REQUESTS_GATE },
      onRequest: jsonFromOwnOrigin,
      schema: {
        tags: ['auth'],
        summary: 'Send a new code (a minute after the last one, then growing waits up to 16 minutes)',
        description: 'Answers the same whether or not the address has an account waiting for a code.',
        body: resendOtpSchema,
        response: { 200: detailSchema, ...failures(400, 401, 403, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // At most 30 codes a minute for one client address, whatever the addresses asked for.
      await takeAttempt(limiter, reply, otpSendAddressRules(request.ip), TOO_MANY_CODE_REQUESTS);
      // Growing waits per e-mail address, timed alike whether it has an account waiting for a
      // code or not (the sign-up's code counts as its first): the answer tells nothing.
      const turn = await limiter.consumeSpaced(rateKeys.otpSend(email), resendWaitMs);
      if ('waitMs' in turn) {
        const seconds = Math.ceil(turn.waitMs / 1000);
        throw waitError(reply, turn.waitMs, () => RESEND_COOLDOWN(seconds));
      }
      const found = await findUserByEmail(app.db, email);
      if (found && awaitsCode(found)) {
        // The wait was just checked above, for every address alike.
        const issued = await otp.issue(found.id, 0);
        if ('code' in issued) {
          await mailCode(found, issued.code, request.log).catch(async (err) => {
            await limiter.release(turn);
            throw err;
          });
        }
      }
      return { detail: OTP_RESENT };
    },
  );

  app.post(
    '/api/auth/password/change/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password; ends every other sign-in',
        body: passwordChangeSchema,
        response: { 200: detailSchema, ...failures(400, 401, 413, 429) },
      },
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { old_password, new_password1 } = request.body;
      if (!(await checkPassword(limiter, request, reply, user.email, user, old_password))) {
        throw fieldError('old_password', SERVER_MESSAGES.OLD_PASSWORD_WRONG);
      }
      await changePassword(app.db, request, user.id, new_password1);
      return { detail: PASSWORD_SAVED };
    },
  );

  app.post(
    '/api/auth/password/set/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose a password for an account without a usable one (after must_set_password)',
        body: passwordSetSchema,
        response: { 200: detailSchema, ...failures(400, 401, 413) },
      },
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request) => {
      await setFirstPassword(app.db, request, requireUser(request), request.body.new_password1);
      return { detail: PASSWORD_SAVED };
    },
  );
};

export default auth;
