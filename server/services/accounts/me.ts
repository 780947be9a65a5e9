import type { Database } from '../../db';
import type { UserRow } from './sessions';
import { badRequest } from '../../lib/errors';
import { existingCategoryIds } from './rules';
import { SERVER_MESSAGES } from '@/shared/messages';

/** The signed-in user's own account (docs/api.md#calls): its details, the one-time onboarding, its deletion. */

export const ACCOUNT_TYPE_ALREADY_SET = SERVER_MESSAGES.ACCOUNT_TYPE_ALREADY_SET;

export type Onboarding =
  | { account_type: 'SUPPLIER'; company_name: string; about?: string; industry_ids: number[] }
  | { account_type: 'BUYER'; name: string; category_ids: number[] };

export async function updateMe(
  db: Database,
  user: UserRow,
  changes: Partial<Pick<UserRow, 'first_name' | 'last_name' | 'phone_number' | 'country' | 'currency'>>,
) {
  if (Object.keys(changes).length === 0) return user;
  return db.updateTable('users').set(changes).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Onboarding: the account type, chosen once, with its profile and categories (unknown ids
 * are a field error). Answers the updated account; a parallel onboarding that came first wins.
 */
export async function setAccountType(db: Database, userId: number, input: Onboarding, logoUrl: string | null): Promise<UserRow> {
  const ids =
    input.account_type === 'SUPPLIER'
      ? await existingCategoryIds(db, 'industry_ids', input.industry_ids)
      : await existingCategoryIds(db, 'category_ids', input.category_ids);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({ user_type: input.account_type, is_first_login: false })
      .where('id', '=', userId)
      .where('user_type', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw badRequest(ACCOUNT_TYPE_ALREADY_SET);
    const links = ids.map((category_id) => ({ user_id: userId, category_id }));
    if (input.account_type === 'SUPPLIER') {
      await trx
        .insertInto('supplier_profiles')
        .values({ user_id: userId, company_name: input.company_name, about: input.about ?? '', logo_url: logoUrl })
        .execute();
      await trx.insertInto('supplier_industries').values(links).execute();
    } else {
      await trx.insertInto('buyer_profiles').values({ user_id: userId, name: input.name, logo_url: logoUrl }).execute();
      await trx.insertInto('buyer_categories').values(links).execute();
    }
    return row;
  });
}

/** Removes the account; profiles, products, reviews, favourites, conversations, tokens and codes go with it (on delete cascade). */
export async function deleteAccount(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
