import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../lib/auth';
import { readForm } from '../lib/body';
import { badRequest, fieldError } from '../lib/errors';
import { serializeMe } from '../lib/users';
import { parseInput } from '../lib/validate';
import { checkPassword, existingCategoryIds } from '../services/accounts';
import { createRateLimiter } from '../services/rate-limit';
import {
  accountTypeSchema, buyerSetupSchema, deleteAccountSchema, meUpdateSchema, supplierSetupSchema,
} from '../../src/shared/validation';

export const ACCOUNT_TYPE_ALREADY_SET = 'The account type is already set.';

/** The form fields of the multipart calls, for /api/docs (their bodies are read with readForm). */
const FORM = ['multipart/form-data', 'application/json'];

/** The signed-in user's own account (spec §7 me/): always the caller, never anyone else. */
const me: FastifyPluginAsyncZod = async (app) => {
  const limiter = createRateLimiter(app.db);
  const signedIn = { preValidation: async (request: FastifyRequest) => { requireUser(request); } };

  app.get('/api/me/', { schema: { tags: ['me'], summary: 'The current user' } }, async (request) => {
    return serializeMe(app.db, requireUser(request));
  });

  app.patch('/api/me/', {
    schema: {
      tags: ['me'], consumes: FORM, summary: 'Change own details',
      description: 'Form or JSON fields, all optional: currency (USD, EUR, TRY, NGN, XOF), first_name, last_name, phone_number, country (TR, NG, SN, CI). Answers the user.',
    },
  }, async (request) => {
    const user = requireUser(request);
    const changes = parseInput(meUpdateSchema, (await readForm(request)).fields);
    if (Object.keys(changes).length === 0) return serializeMe(app.db, user);
    const updated = await app.db.updateTable('users').set(changes).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
    return serializeMe(app.db, updated);
  });

  app.post('/api/me/set-account-type/', {
    schema: {
      tags: ['me'], consumes: FORM, summary: 'Onboarding: choose SUPPLIER or BUYER once',
      description: 'Multipart: account_type (SUPPLIER or BUYER). SUPPLIER: company_name, optional about, repeated industry_ids. BUYER: name, repeated category_ids. Optional logo (an image file). Ids are those of GET /api/categories/. Answers the user.',
    },
  }, async (request) => {
    const user = requireUser(request);
    if (user.user_type) throw badRequest(ACCOUNT_TYPE_ALREADY_SET);
    const form = await readForm(request, { files: { logo: { max: 1, kinds: ['image'] } }, arrays: ['industry_ids', 'category_ids'] });
    const { account_type } = parseInput(accountTypeSchema, form.fields);
    const input = account_type === 'SUPPLIER'
      ? parseInput(supplierSetupSchema, form.fields)
      : parseInput(buyerSetupSchema, form.fields);
    const ids = input.account_type === 'SUPPLIER'
      ? await existingCategoryIds(app.db, 'industry_ids', input.industry_ids)
      : await existingCategoryIds(app.db, 'category_ids', input.category_ids);
    const logo = form.files.logo?.[0];
    const logo_url = logo ? logo.path : null;

    const updated = await app.db.transaction().execute(async (trx) => {
      const row = await trx.updateTable('users').set({ user_type: account_type, is_first_login: false })
        .where('id', '=', user.id).where('user_type', 'is', null).returningAll().executeTakeFirst();
      if (!row) throw badRequest(ACCOUNT_TYPE_ALREADY_SET); // onboarded by a parallel request
      const links = ids.map((category_id) => ({ user_id: user.id, category_id }));
      if (input.account_type === 'SUPPLIER') {
        await trx.insertInto('supplier_profiles').values({ user_id: user.id, company_name: input.company_name, about: input.about ?? '', logo_url }).execute();
        await trx.insertInto('supplier_industries').values(links).execute();
      } else {
        await trx.insertInto('buyer_profiles').values({ user_id: user.id, name: input.name, logo_url }).execute();
        await trx.insertInto('buyer_categories').values(links).execute();
      }
      return row;
    });
    return serializeMe(app.db, updated);
  });

  app.post('/api/me/delete-account/', {
    ...signedIn,
    schema: {
      tags: ['me'], summary: 'Delete the account and everything of it, after checking the password',
      body: deleteAccountSchema, response: { 200: z.object({ detail: z.string() }) },
    },
  }, async (request, reply) => {
    const user = requireUser(request);
    if (!(await checkPassword(limiter, request, reply, user.email, user, request.body.password))) {
      throw fieldError('password', 'Incorrect password.');
    }
    // Profiles, products, reviews, favourites, conversations, tokens and codes go with it (on delete cascade).
    await app.db.deleteFrom('users').where('id', '=', user.id).execute();
    return { detail: 'Account deleted successfully.' };
  });
};

export default me;
