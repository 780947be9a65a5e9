import { sql } from 'kysely';
import type { Database } from '../../db';
import type { UserRow } from './sessions';
import { COUNTRIES } from '@/shared/constants';
import { verificationOf } from '../trust/verification';
import type { BuyerProfile, Seller, SupplierProfile, User, UserSummary } from '@/shared/types';

/** How users appear in API answers (docs/api.md#calls), in one place for every route. */

/** API shapes are declared once, in src/shared/types.ts. */
type SupplierProfileOut = SupplierProfile;
type BuyerProfileOut = BuyerProfile;
export type { Seller, UserSummary };

export const sellerOf = ({ id, first_name, user_type, date_joined, supplier_profile }: UserSummary): Seller => ({
  id,
  first_name,
  user_type,
  date_joined,
  supplier_profile,
});

export const countryOut = (code: string) => ({ code, name: COUNTRIES.find((c) => c.code === code)?.name ?? code });

/** Profiles of many users in three queries, whatever their number. */
async function loadProfiles(db: Database, ids: number[]) {
  const suppliers = new Map<number, SupplierProfileOut>();
  const buyers = new Map<number, BuyerProfileOut>();
  if (ids.length === 0) return { suppliers, buyers };
  const [supplierRows, buyerRows, industryRows, interestRows] = await Promise.all([
    db.selectFrom('supplier_profiles').selectAll().where('user_id', 'in', ids).execute(),
    db.selectFrom('buyer_profiles').selectAll().where('user_id', 'in', ids).execute(),
    db
      .selectFrom('supplier_industries as s')
      .innerJoin('categories as c', 'c.id', 's.category_id')
      .select(['s.user_id', 'c.id', 'c.name'])
      .where('s.user_id', 'in', ids)
      .orderBy('c.position')
      .orderBy('c.id')
      .execute(),
    db
      .selectFrom('buyer_categories as b')
      .innerJoin('categories as c', 'c.id', 'b.category_id')
      .select(['b.user_id', 'c.id', 'c.name'])
      .where('b.user_id', 'in', ids)
      .orderBy('c.position')
      .orderBy('c.id')
      .execute(),
  ]);
  for (const p of supplierRows) {
    suppliers.set(p.user_id, {
      company_name: p.company_name,
      about: p.about,
      logo_url: p.logo_url,
      is_verified: p.is_verified,
      industries: industryRows.filter((r) => r.user_id === p.user_id).map(({ id, name }) => ({ id, name })),
    });
  }
  for (const p of buyerRows) {
    buyers.set(p.user_id, {
      name: p.name,
      logo_url: p.logo_url,
      interested_categories: interestRows.filter((r) => r.user_id === p.user_id).map(({ id, name }) => ({ id, name })),
    });
  }
  return { suppliers, buyers };
}

/**
 * Users as shown beside a product, review or conversation. With `public`, what a guest or a
 * stranger may see of a person (docs/product.md): a buyer's display name and picture, never
 * their categories of interest; a supplier's profile is public as it is.
 */
export async function userSummaries(db: Database, ids: number[], opts: { public?: boolean } = {}): Promise<Map<number, UserSummary>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, UserSummary>();
  if (unique.length === 0) return out;
  const [users, { suppliers, buyers }] = await Promise.all([
    db.selectFrom('users').select(['id', 'first_name', 'user_type', 'date_joined']).where('id', 'in', unique).execute(),
    loadProfiles(db, unique),
  ]);
  for (const u of users) {
    const supplier_profile = suppliers.get(u.id) ?? null;
    const buyer = buyers.get(u.id) ?? null;
    const buyer_profile = buyer && opts.public ? { name: buyer.name, logo_url: buyer.logo_url, interested_categories: [] } : buyer;
    out.set(u.id, {
      id: u.id,
      first_name: u.first_name,
      user_type: u.user_type,
      date_joined: u.date_joined.toISOString(),
      supplier_profile,
      buyer_profile,
      profile: u.user_type === 'SUPPLIER' ? supplier_profile : u.user_type === 'BUYER' ? buyer_profile : null,
    });
  }
  return out;
}

/** Average rating of all reviews of a supplier's products, two decimals, or null without reviews. */
export async function sellerAverageRating(db: Database, supplierId: number): Promise<string | null> {
  const row = await db
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select(sql<string | null>`round(avg(r.rating)::numeric, 2)::text`.as('avg'))
    .where('p.supplier_id', '=', supplierId)
    .executeTakeFirst();
  return row?.avg ?? null;
}

/** The signed-in user's own account (GET /api/me/): every field of the user. */
export async function serializeMe(db: Database, user: UserRow, isModerator = false): Promise<User> {
  // biome-ignore lint/style/noNonNullAssertion: the summary of a user row just read is there.
  const summary = (await userSummaries(db, [user.id])).get(user.id)!;
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number,
    country: countryOut(user.country),
    user_type: user.user_type,
    is_first_login: user.is_first_login,
    is_verified: user.is_verified,
    date_joined: user.date_joined.toISOString(),
    currency: user.currency,
    supplier_profile: summary.supplier_profile,
    buyer_profile: summary.buyer_profile,
    seller_average_rating: user.user_type === 'SUPPLIER' ? await sellerAverageRating(db, user.id) : null,
    is_moderator: isModerator,
  };
}

/**
 * Another user's public page (GET /api/users/{id}/): what the seller page shows, no email or
 * phone number. Anyone who is not a supplier answers only enough for the page to say "This
 * user is not a seller.": walking the ids lists no buyer's name, country or profile.
 */
export async function serializePublicUser(db: Database, id: number) {
  const [summary, account] = await Promise.all([
    userSummaries(db, [id]).then((s) => s.get(id)),
    db.selectFrom('users').select(['country', 'suspended_at']).where('id', '=', id).executeTakeFirst(),
  ]);
  // A suspended account has no public page (docs/api.md#trust-and-safety).
  if (!summary || !account || account.suspended_at !== null) return undefined;
  if (summary.user_type !== 'SUPPLIER') return { id, user_type: summary.user_type, supplier_profile: null, seller_average_rating: null };
  const [rating, checks] = await Promise.all([sellerAverageRating(db, id), verificationOf(db, id)]);
  return {
    ...summary,
    country: countryOut(account.country),
    seller_average_rating: rating,
    ...checks,
  };
}
