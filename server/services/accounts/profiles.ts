import type { Database } from '../../db';
import { notFound } from '../../lib/errors';
import { userSummaries } from './users';
import { existingCategoryIds } from './rules';
import { SERVER_MESSAGES } from '@/shared/messages';

/** A profile edit (docs/product.md#validation-rules): only the fields sent change; a sent category list replaces the old set. */
export interface ProfileEdit {
  name?: string;
  about?: string;
  logo_url?: string;
  category_ids?: number[];
}

// Each account type keeps its profile and its category links in tables of its own.
const TABLES = {
  SUPPLIER: { profile: 'supplier_profiles', links: 'supplier_industries', name: 'company_name', ids: 'industry_ids' },
  BUYER: { profile: 'buyer_profiles', links: 'buyer_categories', name: 'name', ids: 'category_ids' },
} as const;

/** The user's own profile in the shape of GET /api/me/'s, or a 404 before onboarding. */
export async function profileOf(db: Database, userId: number, type: 'SUPPLIER' | 'BUYER') {
  const summary = (await userSummaries(db, [userId])).get(userId);
  const profile = type === 'SUPPLIER' ? summary?.supplier_profile : summary?.buyer_profile;
  if (!profile) throw notFound(SERVER_MESSAGES.NO_PROFILE_YET);
  return profile;
}

/** Applies the edit in one transaction (unknown category ids are a field error first), then answers the profile. */
export async function editProfile(db: Database, userId: number, type: 'SUPPLIER' | 'BUYER', edit: ProfileEdit) {
  const tables = TABLES[type];
  const ids = edit.category_ids && (await existingCategoryIds(db, tables.ids, edit.category_ids));
  await db.transaction().execute(async (trx) => {
    const changes = { [tables.name]: edit.name, ...(type === 'SUPPLIER' ? { about: edit.about } : {}), logo_url: edit.logo_url };
    if (Object.values(changes).some((v) => v !== undefined)) {
      await trx.updateTable(tables.profile).set(changes).where('user_id', '=', userId).execute();
    }
    if (ids) {
      await trx.deleteFrom(tables.links).where('user_id', '=', userId).execute();
      await trx
        .insertInto(tables.links)
        .values(ids.map((category_id) => ({ user_id: userId, category_id })))
        .execute();
    }
  });
  return profileOf(db, userId, type);
}
