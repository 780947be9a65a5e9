import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../lib/auth';
import { readForm } from '../lib/body';
import { forbidden, notFound } from '../lib/errors';
import { userSummaries } from '../lib/users';
import { parseInput } from '../lib/validate';
import { existingCategoryIds } from '../services/accounts';
import { buyerProfileSchema, supplierProfileSchema } from '../../src/shared/validation';

const FORM = ['multipart/form-data', 'application/json'];
const LOGO = { logo: { max: 1, kinds: ['image' as const] } };

/**
 * The caller's own supplier or buyer profile (spec §7 profile/): read it, or edit the name,
 * about, logo and the category set (a sent list replaces the old one). Answers the profile
 * in the shape of GET /api/me/.
 */
const profiles: FastifyPluginAsyncZod = async (app) => {
  function owner(request: FastifyRequest, type: 'SUPPLIER' | 'BUYER') {
    const user = requireUser(request);
    if (user.user_type !== type) throw forbidden(type === 'SUPPLIER' ? 'Only suppliers have a supplier profile.' : 'Only buyers have a buyer profile.');
    return user;
  }

  async function profileOf(userId: number, type: 'SUPPLIER' | 'BUYER') {
    const summary = (await userSummaries(app.db, [userId])).get(userId);
    const profile = type === 'SUPPLIER' ? summary?.supplier_profile : summary?.buyer_profile;
    if (!profile) throw notFound('This account has no profile yet.');
    return profile;
  }

  app.get('/api/profile/supplier/', { schema: { tags: ['profile'], summary: 'Own supplier profile' } }, async (request) => {
    return profileOf(owner(request, 'SUPPLIER').id, 'SUPPLIER');
  });

  app.patch('/api/profile/supplier/', {
    schema: {
      tags: ['profile'], consumes: FORM, summary: 'Edit own supplier profile',
      description: 'Multipart or JSON, all optional: company_name (not blank), about, logo (an image file), repeated industry_ids (replace the set). Answers the profile.',
    },
  }, async (request) => {
    const user = owner(request, 'SUPPLIER');
    const form = await readForm(request, { files: LOGO, arrays: ['industry_ids'] });
    const input = parseInput(supplierProfileSchema, form.fields);
    const ids = input.industry_ids && await existingCategoryIds(app.db, 'industry_ids', input.industry_ids);
    const logo = form.files.logo?.[0];
    await app.db.transaction().execute(async (trx) => {
      const changes = { company_name: input.company_name, about: input.about, ...(logo ? { logo_url: logo.path } : {}) };
      if (Object.values(changes).some((v) => v !== undefined)) {
        await trx.updateTable('supplier_profiles').set(changes).where('user_id', '=', user.id).execute();
      }
      if (ids) {
        await trx.deleteFrom('supplier_industries').where('user_id', '=', user.id).execute();
        await trx.insertInto('supplier_industries').values(ids.map((category_id) => ({ user_id: user.id, category_id }))).execute();
      }
    });
    return profileOf(user.id, 'SUPPLIER');
  });

  app.get('/api/profile/buyer/', { schema: { tags: ['profile'], summary: 'Own buyer profile' } }, async (request) => {
    return profileOf(owner(request, 'BUYER').id, 'BUYER');
  });

  app.patch('/api/profile/buyer/', {
    schema: {
      tags: ['profile'], consumes: FORM, summary: 'Edit own buyer profile',
      description: 'Multipart or JSON, all optional: name (not blank), logo (an image file), repeated category_ids (replace the set). Answers the profile.',
    },
  }, async (request) => {
    const user = owner(request, 'BUYER');
    const form = await readForm(request, { files: LOGO, arrays: ['category_ids'] });
    const input = parseInput(buyerProfileSchema, form.fields);
    const ids = input.category_ids && await existingCategoryIds(app.db, 'category_ids', input.category_ids);
    const logo = form.files.logo?.[0];
    await app.db.transaction().execute(async (trx) => {
      const changes = { name: input.name, ...(logo ? { logo_url: logo.path } : {}) };
      if (Object.values(changes).some((v) => v !== undefined)) {
        await trx.updateTable('buyer_profiles').set(changes).where('user_id', '=', user.id).execute();
      }
      if (ids) {
        await trx.deleteFrom('buyer_categories').where('user_id', '=', user.id).execute();
        await trx.insertInto('buyer_categories').values(ids.map((category_id) => ({ user_id: user.id, category_id }))).execute();
      }
    });
    return profileOf(user.id, 'BUYER');
  });
};

export default profiles;
