import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProfileOwner } from '../lib/auth';
import { readForm } from '../services/media/forms';
import { parseInput } from '../lib/validate';
import { editProfile, profileOf } from '../services/accounts/profiles';
import { failures } from '../lib/responses';
import {
  type BuyerProfile,
  type SupplierProfile,
  buyerProfileSchema as buyerProfileAnswer,
  supplierProfileSchema as supplierProfileAnswer,
} from '@/shared/types';
import { buyerProfileSchema, supplierProfileSchema } from '@/shared/validation';

const FORM = ['multipart/form-data', 'application/json'];
const LOGO = { logo: { max: 1, kinds: ['image' as const] } };

/**
 * The caller's own supplier or buyer profile (docs/api.md#calls): read it, or edit the name,
 * about, logo and the category set (a sent list replaces the old one). Answers the profile
 * in the shape of GET /api/me/.
 */
const profiles: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profile/supplier/',
    {
      schema: { tags: ['profile'], summary: 'Own supplier profile', response: { 200: supplierProfileAnswer, ...failures(401, 403, 404) } },
    },
    async (request) => {
      // Each type's own profile shape: the answer is checked against it as it leaves.
      return (await profileOf(app.db, requireProfileOwner(request, 'SUPPLIER').id, 'SUPPLIER')) as SupplierProfile;
    },
  );

  app.patch(
    '/api/profile/supplier/',
    {
      schema: {
        tags: ['profile'],
        consumes: FORM,
        summary: 'Edit own supplier profile',
        description:
          'Multipart or JSON, all optional: company_name (not blank), about, logo (an image file, or logo_upload: a finished /api/uploads/ upload of yours), repeated industry_ids (replace the set). Answers the profile.',
        response: { 200: supplierProfileAnswer, ...failures(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const user = requireProfileOwner(request, 'SUPPLIER');
      const form = await readForm(request, { files: LOGO, arrays: ['industry_ids'] });
      const input = parseInput(supplierProfileSchema, form.fields);
      const profile = await editProfile(app.db, user.id, 'SUPPLIER', {
        name: input.company_name,
        about: input.about,
        logo_url: form.files.logo?.[0]?.path,
        category_ids: input.industry_ids,
      });
      return profile as SupplierProfile;
    },
  );

  app.get(
    '/api/profile/buyer/',
    { schema: { tags: ['profile'], summary: 'Own buyer profile', response: { 200: buyerProfileAnswer, ...failures(401, 403, 404) } } },
    async (request) => {
      return (await profileOf(app.db, requireProfileOwner(request, 'BUYER').id, 'BUYER')) as BuyerProfile;
    },
  );

  app.patch(
    '/api/profile/buyer/',
    {
      schema: {
        tags: ['profile'],
        consumes: FORM,
        summary: 'Edit own buyer profile',
        description:
          'Multipart or JSON, all optional: name (not blank), logo (an image file, or logo_upload: a finished /api/uploads/ upload of yours), repeated category_ids (replace the set). Answers the profile.',
        response: { 200: buyerProfileAnswer, ...failures(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const user = requireProfileOwner(request, 'BUYER');
      const form = await readForm(request, { files: LOGO, arrays: ['category_ids'] });
      const input = parseInput(buyerProfileSchema, form.fields);
      const profile = await editProfile(app.db, user.id, 'BUYER', {
        name: input.name,
        logo_url: form.files.logo?.[0]?.path,
        category_ids: input.category_ids,
      });
      return profile as BuyerProfile;
    },
  );
};

export default profiles;
