import { sql } from 'kysely';
import type { Database } from '../../db';
import { sellerOf, userSummaries } from '../accounts/users';
import { EDIT_OWN_PRODUCTS_ONLY, type FlashDeal, type Product, type ProductFields } from '@/shared/catalogue';
import { forbidden, notFound } from '../../lib/errors';
import type { StoredMedia } from '../media/store';
import { colorsOf } from '../media/colors';
import { currentPrice, type PriceTier } from '@/shared/prices';

/**
 * Products as the API answers them (docs/api.md#calls), for every route and the sync collection, and
 * the writes of suppliers to their own products (checked by the route first).
 * A list of any length is serialized in a constant number of queries: the rows (with their
 * category), their media, their suppliers (userSummaries) and the viewer's favourites.
 */

export type ProductRow = Awaited<ReturnType<typeof productRows>>[number];

/** The selected columns of products joined with their category; `where` narrows them. */
export function productQuery(db: Database) {
  return db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.price',
      'p.min_price',
      'p.max_price',
      'p.thumbnail_url',
      'p.minimum_order_quantity',
      'p.quantity_in_stock',
      'p.average_rating',
      'p.reviews_count',
      'p.category_id',
      'c.name as category_name',
      'p.supplier_id',
      'p.created_at',
      'p.updated_at',
      'p.flash_deal_ends_at',
      'p.price_tiers',
      'p.sample_price',
      'p.seq',
      'p.txid',
      'p.hidden_at',
      'p.moderation_reason',
      'p.appealed_at',
    ]);
}

async function productRows(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return productQuery(db).where('p.id', 'in', ids).execute();
}

export async function serializeProducts(db: Database, rows: ProductRow[], viewerId: number | null): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [media, suppliers, favorites] = await Promise.all([
    db
      .selectFrom('product_media')
      .select(['id', 'product_id', 'media_source_url', 'media_type'])
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    userSummaries(
      db,
      rows.map((r) => r.supplier_id),
    ),
    viewerId === null
      ? Promise.resolve([])
      : db.selectFrom('favorites').select('product_id').where('user_id', '=', viewerId).where('product_id', 'in', ids).execute(),
  ]);
  const colors = await colorsOf(db, [...rows.map((r) => r.thumbnail_url), ...media.map((m) => m.media_source_url)]);
  const favorited = new Set(favorites.map((f) => f.product_id));
  const mediaOf = new Map<number, Product['images']>();
  for (const m of media) {
    const list = mediaOf.get(m.product_id) ?? [];
    list.push({ id: m.id, media_source_url: m.media_source_url, media_type: m.media_type, color: colors.get(m.media_source_url) ?? null });
    mediaOf.set(m.product_id, list);
  }
  return rows.map((r) => ({
    ...productFields(r),
    thumbnail_color: colors.get(r.thumbnail_url) ?? null,
    images: mediaOf.get(r.id) ?? [],
    is_favorited: favorited.has(r.id),
    // biome-ignore lint/style/noNonNullAssertion: the suppliers of these rows were just read.
    supplier: sellerOf(suppliers.get(r.supplier_id)!),
  }));
}

type FieldsRow = Pick<
  CardRow,
  | 'id'
  | 'name'
  | 'description'
  | 'price'
  | 'min_price'
  | 'max_price'
  | 'thumbnail_url'
  | 'minimum_order_quantity'
  | 'quantity_in_stock'
  | 'average_rating'
  | 'reviews_count'
  | 'category_id'
  | 'category_name'
  | 'created_at'
  | 'updated_at'
  | 'flash_deal_ends_at'
  | 'price_tiers'
  | 'sample_price'
  | 'hidden_at'
  | 'moderation_reason'
  | 'appealed_at'
>;

/** A product's own fields, as both ways of reading products (serializeProducts, productCards) answer them. */
function productFields(r: FieldsRow) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: currentPrice(r),
    min_price: r.min_price,
    max_price: r.max_price,
    thumbnail_url: r.thumbnail_url,
    minimum_order_quantity: r.minimum_order_quantity,
    quantity_in_stock: r.quantity_in_stock,
    average_rating: Number(r.average_rating),
    reviews_count: r.reviews_count,
    category: r.category_id === null ? null : { id: r.category_id, name: r.category_name ?? '' },
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    flash_deal_ends_at: r.flash_deal_ends_at?.toISOString() ?? null,
    price_tiers: tiersOf(r.price_tiers),
    sample_price: r.sample_price,
    // Only a hidden product says so: its supplier and moderators are the only ones who read it (docs/api.md#trust-and-safety).
    ...(r.hidden_at === null
      ? {}
      : { is_hidden: true, moderation_reason: r.moderation_reason ?? '', appealed_at: r.appealed_at?.toISOString() ?? null }),
  };
}

/** Tiers as stored (jsonb; a driver may hand over its text), as the API answers them. */
function tiersOf(stored: PriceTier[] | string | null): PriceTier[] {
  const list: PriceTier[] = typeof stored === 'string' ? JSON.parse(stored) : (stored ?? []);
  return list.map((t) => ({ min_quantity: t.min_quantity, unit_price: t.unit_price }));
}

/** A stored picture's path in a URL of ours, as services/media/colors.ts storedPath reads it. */
const STORED_PATH = String.raw`(?:^\s*|//[^/]+)(/media/[0-9a-f]{64}\.[a-z0-9]+)\s*$`;

interface CardRow {
  id: number;
  name: string;
  description: string;
  price: string | null;
  min_price: string;
  max_price: string;
  thumbnail_url: string;
  thumbnail_color: string | null;
  images: Product['images'];
  minimum_order_quantity: number;
  quantity_in_stock: number;
  average_rating: string | number;
  reviews_count: number;
  category_id: number | null;
  category_name: string | null;
  supplier_id: number;
  seller_first_name: string;
  seller_user_type: Product['supplier']['user_type'];
  seller_date_joined: Date;
  seller_profile: Product['supplier']['supplier_profile'];
  created_at: Date;
  updated_at: Date;
  flash_deal_ends_at: Date | null;
  price_tiers: PriceTier[] | string;
  sample_price: string | null;
  hidden_at: Date | null;
  moderation_reason: string | null;
  appealed_at: Date | null;
}

/**
 * Products as a guest sees them (is_favorited false), in the order of `ids`, in one round trip:
 * the gallery, the pictures' colours and the seller come as JSON beside each row, so a list
 * costs the database one query for its cards whatever their number (serializeProducts makes
 * the same answer in several).
 */
export async function productCards(db: Database, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<CardRow>`
    select p.id, p.name, p.description, p.price, p.min_price, p.max_price, p.thumbnail_url,
      p.minimum_order_quantity, p.quantity_in_stock, p.average_rating, p.reviews_count,
      p.category_id, c.name as category_name, p.supplier_id, p.created_at, p.updated_at, p.flash_deal_ends_at,
      p.price_tiers, p.sample_price,
      p.hidden_at, p.moderation_reason, p.appealed_at,
      (select mc.color from media_colors mc where mc.path = substring(p.thumbnail_url from ${STORED_PATH})) as thumbnail_color,
      (select coalesce(json_agg(json_build_object(
          'id', m.id, 'media_source_url', m.media_source_url, 'media_type', m.media_type, 'color', mc.color)
          order by m.position, m.id), '[]'::json)
        from product_media m left join media_colors mc on mc.path = substring(m.media_source_url from ${STORED_PATH})
        where m.product_id = p.id) as images,
      u.first_name as seller_first_name, u.user_type as seller_user_type, u.date_joined as seller_date_joined,
      case when sp.user_id is null then null else json_build_object(
        'company_name', sp.company_name, 'about', sp.about, 'logo_url', sp.logo_url, 'is_verified', sp.is_verified,
        'industries', (select coalesce(json_agg(json_build_object('id', ic.id, 'name', ic.name) order by ic.position, ic.id), '[]'::json)
          from supplier_industries si join categories ic on ic.id = si.category_id where si.user_id = p.supplier_id))
      end as seller_profile
    from unnest(${sql.val(ids)}::int[]) with ordinality as o(id, n)
      join products p on p.id = o.id
      left join categories c on c.id = p.category_id
      join users u on u.id = p.supplier_id
      left join supplier_profiles sp on sp.user_id = p.supplier_id
    order by o.n`.execute(db);
  return rows.map((r) => ({
    ...productFields(r),
    thumbnail_color: r.thumbnail_color,
    images: typeof r.images === 'string' ? JSON.parse(r.images) : r.images,
    is_favorited: false,
    supplier: {
      id: r.supplier_id,
      first_name: r.seller_first_name,
      user_type: r.seller_user_type,
      date_joined: r.seller_date_joined.toISOString(),
      supplier_profile: typeof r.seller_profile === 'string' ? JSON.parse(r.seller_profile) : r.seller_profile,
    },
  }));
}

/** The same products with is_favorited set for the viewer (answers are made for guests first). */
export async function withFavorites(db: Database, products: Product[], viewerId: number | null): Promise<Product[]> {
  if (viewerId === null || products.length === 0) return products;
  const rows = await db
    .selectFrom('favorites')
    .select('product_id')
    .where('user_id', '=', viewerId)
    .where(
      'product_id',
      'in',
      products.map((p) => p.id),
    )
    .execute();
  const favorited = new Set(rows.map((r) => r.product_id));
  return products.map((p) => ({ ...p, is_favorited: favorited.has(p.id) }));
}

/**
 * Products by id, in the order of `ids` (missing ones left out). Hidden ones are left out too
 * unless `withHidden` (the product's own page decides who may read them: canSeeHidden).
 */
export async function productsById(
  db: Database,
  ids: number[],
  viewerId: number | null,
  withHidden = false,
): Promise<Map<number, Product>> {
  const unique = [...new Set(ids)];
  const list = viewerId === null ? await productCards(db, unique) : await serializeProducts(db, await productRows(db, unique), viewerId);
  return new Map(list.filter((p) => withHidden || !p.is_hidden).map((p) => [p.id, p]));
}

export async function productById(db: Database, id: number, viewerId: number | null, withHidden = false): Promise<Product | undefined> {
  return (await productsById(db, [id], viewerId, withHidden)).get(id);
}

/** A hidden product is read by its supplier and by moderators only; to anyone else it does not exist. */
export const canSeeHidden = (product: Product, viewerId: number | null, moderator: boolean) =>
  !product.is_hidden || moderator || product.supplier.id === viewerId;

/** The product if it exists (404) and belongs to the supplier asking (403). */
export async function ownProduct(db: Database, productId: number, supplierId: number) {
  const product = await db
    .selectFrom('products')
    .select([
      'id',
      'supplier_id',
      'min_price',
      'max_price',
      'quantity_in_stock',
      'minimum_order_quantity',
      'price',
      'flash_deal_ends_at',
      'price_tiers',
    ])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) throw notFound();
  if (product.supplier_id !== supplierId) throw forbidden(EDIT_OWN_PRODUCTS_ONLY);
  return product;
}

export async function categoryExists(db: Database, categoryId: number) {
  return (await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst()) !== undefined;
}

export const productMedia = (db: Database, productId: number) =>
  db.selectFrom('product_media').select(['id', 'position']).where('product_id', '=', productId).execute();

/** The product's own columns from checked fields: the tiers are stored as JSON. */
function fieldColumns<F extends Partial<ProductFields>>({ price_tiers, ...rest }: F) {
  return { ...rest, ...(price_tiers === undefined ? {} : { price_tiers: JSON.stringify(price_tiers) }) };
}

/** The columns a sent flash deal writes; nothing when the form sent none. */
function dealColumns(deal: FlashDeal | undefined) {
  if (!deal) return {};
  return { price: deal.price, flash_deal_ends_at: deal.flash_deal_ends_at === null ? null : new Date(deal.flash_deal_ends_at) };
}

async function addMedia(db: Database, productId: number, files: StoredMedia[], firstPosition: number) {
  if (files.length === 0) return;
  await db
    .insertInto('product_media')
    .values(
      files.map((f, i) => ({
        product_id: productId,
        media_source_url: f.path,
        media_type: f.kind === 'video' ? ('video' as const) : ('image' as const),
        position: firstPosition + i,
      })),
    )
    .execute();
}

/** A new product of the supplier, its gallery with it; answers its id. Input already checked by the route. */
export async function createProduct(
  db: Database,
  supplierId: number,
  p: { fields: ProductFields; deal?: FlashDeal; thumbnail: string; images: StoredMedia[] },
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('products')
      .values({ ...fieldColumns(p.fields), ...dealColumns(p.deal), supplier_id: supplierId, thumbnail_url: p.thumbnail })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addMedia(trx, row.id, p.images, 0);
    return row.id;
  });
}

/** Applies checked changes to a product and its gallery (media removed by id, added at the end). */
export async function updateProduct(
  db: Database,
  productId: number,
  u: {
    changes: Partial<ProductFields>;
    deal?: FlashDeal;
    thumbnail?: string | null;
    removeIds: number[];
    added: StoredMedia[];
    existing: Array<{ id: number; position: number }>;
  },
) {
  await db.transaction().execute(async (trx) => {
    // Always written: updated_at moves and the product's change with it, so sync sends the new gallery too.
    await trx
      .updateTable('products')
      .set({
        ...fieldColumns(u.changes),
        ...dealColumns(u.deal),
        ...(u.thumbnail ? { thumbnail_url: u.thumbnail } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', productId)
      .execute();
    if (u.removeIds.length > 0)
      await trx.deleteFrom('product_media').where('product_id', '=', productId).where('id', 'in', u.removeIds).execute();
    await addMedia(trx, productId, u.added, Math.max(0, ...u.existing.map((m) => m.position + 1)));
  });
}

/** Conversations about it stay: their product_id becomes null (foreign key "on delete set null"). */
export async function deleteProduct(db: Database, productId: number) {
  await db.deleteFrom('products').where('id', '=', productId).execute();
}
