import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../lib/auth';
import { ApiError, badRequest, fieldError, tooManyRequests } from '../lib/errors';
import { serializeMe } from '../lib/users';
import { checkPassword, enforceLimits, findUserByEmail, revokeOtherSignIns } from '../services/accounts';
import { createOtpService, OTP_MESSAGES } from '../services/otp';
import { hashPassword } from '../services/passwords';
import { createRateLimiter, otpRules } from '../services/rate-limit';
import {
  loginSchema, otpSchema, passwordChangeSchema, refreshSchema, registrationSchema, resendOtpSchema,
} from '../../src/shared/validation';

export const EMAIL_TAKEN = 'A user is already registered with this e-mail address.';
export const BAD_CREDENTIALS = 'No active account found with the given credentials';
export const ALREADY_VERIFIED = 'This account is already verified.';
export const OTP_RESENT = 'A new OTP has been sent to your email.';
const MAIL_FAILED = 'The e-mail could not be sent. Please try again in a moment.';

const detail = z.object({ detail: z.string() });
const tokenPair = z.object({ access: z.string(), refresh: z.string() });

/**
 * Sign-up, sign-in, tokens, email confirmation and password change (spec §7, DESIGN §5).
 * Failed sign-ins and wrong codes are counted per account and per address in the database.
 */
const auth: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db);
  const otp = createOtpService(app.db, app.config.jwtSecret, app.mailer);

  /** Sends a code; a mail that cannot leave is reported, never silently lost. */
  async function mailCode(user: { id: number; email: string; first_name: string }, code: string, log: typeof app.log) {
    try {
      await otp.send(user.email, user.first_name, code);
    } catch (err) {
      log.error({ err }, 'could not send the verification e-mail');
      await otp.forgetSending(user.id);
      throw new ApiError(503, { detail: MAIL_FAILED });
    }
  }

  app.post('/api/auth/registration/', {
    schema: { tags: ['auth'], summary: 'Create an unverified account and e-mail its code', body: registrationSchema, response: { 201: detail } },
  }, async (request, reply) => {
    const input = request.body;
    if (await findUserByEmail(app.db, input.email)) throw fieldError('email', EMAIL_TAKEN);
    const password_hash = await hashPassword(input.password1);
    const user = await app.db.insertInto('users').values({
      email: input.email, first_name: input.first_name, last_name: input.last_name, phone_number: input.phone_number,
      country: input.country, password_hash, user_type: null, currency: null,
    }).returningAll().executeTakeFirstOrThrow().catch((err: { code?: string }) => {
      if (err.code === '23505') throw fieldError('email', EMAIL_TAKEN); // registered at the same moment
      throw err;
    });
    const issued = await otp.issue(user.id);
    try {
      if ('code' in issued) await mailCode(user, issued.code, request.log);
    } catch (err) {
      // Without its code the account could never be confirmed: undo it so signing up again works.
      await app.db.deleteFrom('users').where('id', '=', user.id).execute();
      throw err;
    }
    reply.status(201);
    return { detail: 'Verification e-mail sent.' };
  });

  app.post('/api/auth/login/', {
    schema: { tags: ['auth'], summary: 'Sign in (unverified accounts too)', body: loginSchema, response: { 200: tokenPair } },
  }, async (request, reply) => {
    const { email, password } = request.body;
    const user = await findUserByEmail(app.db, email);
    if (!(await checkPassword(limiter, request, reply, email, user, password)) || !user) {
      throw new ApiError(401, { detail: BAD_CREDENTIALS });
    }
    return app.tokens.issue(user.id);
  });

  app.post('/api/auth/token/refresh/', {
    schema: { tags: ['auth'], summary: 'Rotate a refresh token', body: refreshSchema, response: { 200: tokenPair } },
  }, async (request) => app.tokens.rotate(request.body.refresh));

  app.post('/api/auth/logout/', {
    schema: { tags: ['auth'], summary: 'Sign out: revoke the sign-in of this refresh token', body: refreshSchema, response: { 200: detail } },
  }, async (request) => {
    await app.tokens.revoke(request.body.refresh);
    return { detail: 'Successfully logged out.' };
  });

  app.post('/api/auth/otp/verify/', {
    schema: {
      tags: ['auth'], summary: 'Confirm the e-mail with its code; signs in',
      body: otpSchema,
    },
  }, async (request, reply) => {
    const { email, otp: code } = request.body;
    const rules = otpRules(email, request.ip);
    await enforceLimits(limiter, reply, rules, (wait) => `Too many wrong codes. Please try again in ${wait}.`);
    const user = await findUserByEmail(app.db, email);
    if (!user) {
      // The answer of a wrong code: nobody learns which emails have accounts.
      await limiter.hit(rules);
      throw fieldError('otp', OTP_MESSAGES.incorrect);
    }
    if (user.is_verified) throw badRequest(ALREADY_VERIFIED);
    const result = await otp.check(user.id, code);
    if (result !== 'ok') {
      if (result === 'incorrect') await limiter.hit(rules);
      throw fieldError('otp', OTP_MESSAGES[result]);
    }
    const verified = await app.db.updateTable('users').set({ is_verified: true })
      .where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
    const tokens = await app.tokens.issue(verified.id);
    return { ...tokens, user: await serializeMe(app.db, verified) };
  });

  app.post('/api/auth/otp/resend/', {
    schema: { tags: ['auth'], summary: 'Send a new code (at most once a minute)', body: resendOtpSchema, response: { 200: detail } },
  }, async (request, reply) => {
    const user = await findUserByEmail(app.db, request.body.email);
    if (!user) return { detail: OTP_RESENT };
    if (user.is_verified) throw badRequest(ALREADY_VERIFIED);
    const issued = await otp.issue(user.id);
    if ('waitMs' in issued) {
      const seconds = Math.ceil(issued.waitMs / 1000);
      reply.header('Retry-After', String(seconds));
      throw tooManyRequests(`Please wait ${seconds} seconds before requesting a new code.`);
    }
    await mailCode(user, issued.code, request.log);
    return { detail: OTP_RESENT };
  });

  app.post('/api/auth/password/change/', {
    schema: {
      tags: ['auth'], summary: 'Change the password; ends every other sign-in', body: passwordChangeSchema, response: { 200: detail },
    },
    preValidation: async (request) => { requireUser(request); },
  }, async (request, reply) => {
    const user = requireUser(request);
    const { old_password, new_password1 } = request.body;
    if (!(await checkPassword(limiter, request, reply, user.email, user, old_password))) {
      throw fieldError('old_password', 'Your old password was entered incorrectly. Please enter it again.');
    }
    await app.db.updateTable('users').set({ password_hash: await hashPassword(new_password1) }).where('id', '=', user.id).execute();
    await revokeOtherSignIns(app.db, request, user.id);
    return { detail: 'New password has been saved.' };
  });
};

export default auth;
