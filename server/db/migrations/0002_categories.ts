import type { Kysely } from 'kysely';

/** The marketplace's category list: onboarding (industries, interests) needs it even with no demo data. */
export const BASE_CATEGORIES = [
  'Agriculture & Food',
  'Textiles & Apparel',
  'Electronics',
  'Home & Garden',
  'Beauty & Personal Care',
  'Construction & Building Materials',
  'Machinery & Industrial Equipment',
  'Packaging & Printing',
  'Automotive & Transport',
  'Health & Medical',
  'Furniture',
  'Handicrafts & Art',
];

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('categories')
    .values(BASE_CATEGORIES.map((name, position) => ({ name, position })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('categories').where('name', 'in', BASE_CATEGORIES).execute();
}
