import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../lib/auth';
import { readForm } from '../services/media/forms';
import { badRequest, fieldError } from '../lib/errors';
import { serializeMe } from '../services/accounts/users';
import { parseInput } from '../lib/validate';
import { checkPassword } from '../services/accounts/rules';
import { ACCOUNT_TYPE_ALREADY_SET, deleteAccount, setAccountType, updateMe } from '../services/accounts/me';
import { createRateLimiter } from '../services/rate-limit';
import { failures } from '../lib/responses';
import { detailSchema } from '@/shared/errors';
import { type User, userSchema } from '@/shared/types';
import { createTableBoundCache } from '../db/table-bound-cache';
import { accountTypeSchema, buyerSetupSchema, deleteAccountSchema, meUpdateSchema, supplierSetupSchema } from '@/shared/validation';
import { SERVER_MESSAGES } from '@/shared/messages';

/** What GET /api/me/ is read from: the user, its profile and categories, and its products' reviews (seller rating). */
const ME_TABLES = [
  'users',
  'supplier_profiles',
  'buyer_profiles',
  'supplier_industries',
  'buyer_categories',
  'categories',
  'products',
  'reviews',
];

/** The form fields of the multipart calls, for /api/docs (their bodies are read with readForm). */
const FORM = ['multipart/form-data', 'application/json'];

/** The signed-in user's own account (docs/api.md#calls): always the caller, never anyone else. */
const me: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db);
  // Answers of GET /api/me/ per user, until a table they are read from is written (db/table-bound-cache.ts).
  const answers = createTableBoundCache<User>(app.db, ME_TABLES);
  const signedIn = {
    preValidation: async (request: FastifyRequest) => {
      requireUser(request);
    },
  };

  app.get(
    '/api/me/',
    { schema: { tags: ['me'], summary: 'The current user', response: { 200: userSchema, ...failures(401) } } },
    async (request) => {
      const user = requireUser(request);
      return answers.get(String(user.id), () => serializeMe(app.db, user, app.isModerator(user)));
    },
  );

  app.patch(
    '/api/me/',
    {
      schema: {
        tags: ['me'],
        consumes: FORM,
        summary: 'Change own details',
        description:
          'Form or JSON fields, all optional: currency (USD, EUR, TRY, NGN, XOF), first_name, last_name, phone_number, country (TR, NG, SN, CI). Answers the user.',
        response: { 200: userSchema, ...failures(400, 401, 413) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const changes = parseInput(meUpdateSchema, (await readForm(request)).fields);
      return serializeMe(app.db, await updateMe(app.db, user, changes), app.isModerator(user));
    },
  );

  app.post(
    '/api/me/set-account-type/',
    {
      schema: {
        tags: ['me'],
        consumes: FORM,
        summary: 'Onboarding: choose SUPPLIER or BUYER once',
        description:
          'Multipart: account_type (SUPPLIER or BUYER). SUPPLIER: company_name, optional about, repeated industry_ids. BUYER: name, repeated category_ids. Optional logo (an image file, or logo_upload: a finished /api/uploads/ upload of yours). Ids are those of GET /api/categories/. Answers the user.',
        response: { 200: userSchema, ...failures(400, 401, 413) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.user_type) throw badRequest(ACCOUNT_TYPE_ALREADY_SET);
      const form = await readForm(request, { files: { logo: { max: 1, kinds: ['image'] } }, arrays: ['industry_ids', 'category_ids'] });
      const { account_type } = parseInput(accountTypeSchema, form.fields);
      const input = account_type === 'SUPPLIER' ? parseInput(supplierSetupSchema, form.fields) : parseInput(buyerSetupSchema, form.fields);
      const updated = await setAccountType(app.db, user.id, input, form.files.logo?.[0]?.path ?? null);
      return serializeMe(app.db, updated, app.isModerator(updated));
    },
  );

  app.post(
    '/api/me/delete-account/',
    {
      ...signedIn,
      schema: {
        tags: ['me'],
        summary: 'Delete the account and everything of it, after checking the password',
        body: deleteAccountSchema,
        response: { 200: detailSchema, ...failures(400, 401, 413, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await checkPassword(limiter, request, reply, user.email, user, request.body.password))) {
        throw fieldError('password', SERVER_MESSAGES.PASSWORD_WRONG);
      }
      await deleteAccount(app.db, user.id);
      return { detail: 'Account deleted successfully.' };
    },
  );
};

export default me;
