import { sql } from 'kysely';
import type { Database } from '../../db';

/**
 * The catalogue as sitemaps (docs/operations.md#pages-for-search-engines-and-link-previews): an index, one sitemap of the fixed pages,
 * categories and sellers, and the products in pages of PRODUCTS_PER_SITEMAP by id range, so a
 * page is one index range scan however large the catalogue (a million products: 100 pages).
 */
export const PRODUCTS_PER_SITEMAP = 10_000;

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** How many product sitemaps there are: enough id ranges to cover the highest id. */
export async function productSitemapCount(db: Database): Promise<number> {
  const row = await db.selectFrom('products').select(sql<number | null>`max(id)`.as('top')).executeTakeFirst();
  return Math.max(1, Math.ceil(Number(row?.top ?? 0) / PRODUCTS_PER_SITEMAP));
}

/** Product page `page` (1-based): the products with ids in its range. */
export async function productSitemap(db: Database, page: number): Promise<SitemapEntry[]> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where('id', '>', (page - 1) * PRODUCTS_PER_SITEMAP)
    .where('id', '<=', page * PRODUCTS_PER_SITEMAP)
    // Hidden products are not pages anyone may visit (docs/api.md#trust-and-safety).
    .where('hidden_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ path: `/products/${row.id}`, lastmod: new Date(row.updated_at).toISOString() }));
}

/** The path of a category's page, as the web app links it (/category/{id}/{name}). */
export const categoryPath = (id: number, name: string) => `/category/${id}/${encodeURIComponent(name)}`;

/** The fixed landing pages, every category and every seller with a product. */
export async function pagesSitemap(db: Database): Promise<SitemapEntry[]> {
  const [categories, sellers] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name']).orderBy('position').orderBy('id').execute(),
    // A suspended supplier's products are all hidden: their page goes with them.
    db.selectFrom('products').select('supplier_id').distinct().where('hidden_at', 'is', null).orderBy('supplier_id').execute(),
  ]);
  return [
    { path: '/' },
    { path: '/flash-deals' },
    { path: '/new-arrivals' },
    ...categories.map((c) => ({ path: categoryPath(c.id, c.name) })),
    ...sellers.map((s) => ({ path: `/users/${s.supplier_id}` })),
  ];
}
