import type { Database } from '../../db';

/** How a person is named to others in trust-and-safety answers: the company, the buyer's display name, else the first name. */
export async function displayNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('supplier_profiles as sp', 'sp.user_id', 'u.id')
    .leftJoin('buyer_profiles as bp', 'bp.user_id', 'u.id')
    .select(['u.id', 'u.first_name', 'sp.company_name', 'bp.name as buyer_name'])
    .where('u.id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, r.company_name?.trim() || r.buyer_name?.trim() || r.first_name]));
}
