import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../lib/params';
import { requireSupplier } from '../lib/auth';
import { readForm, type Form } from '../services/media/forms';
import { badRequest, notFound } from '../lib/errors';
import { OFFSET_BEYOND_WINDOW, OFFSET_WINDOW, page, readPaging, type Page } from '../lib/paging';
import { checkInput, parseInput } from '../lib/validate';
import {
  PRODUCT_TABLES,
  TIME_BOUND_TTL_MS,
  catalogueVersionReader,
  createCatalogueCache,
  createReadGate,
  type Cached,
} from '../services/catalogue/cache';
import { sendPrepared } from '../lib/compression';
import { conditional } from '../lib/conditional';
import { failures, noContent, notModified } from '../lib/responses';
import {
  canSeeHidden,
  categoryExists,
  createProduct,
  deleteProduct,
  ownProduct,
  productById,
  productMedia,
  updateProduct,
  withFavorites,
} from '../services/catalogue/products';
import { listProducts, type ProductOrder } from '../services/catalogue/product-list';
import {
  type Product,
  productSchema,
  DEAL_PRICE_NOT_BELOW_MIN,
  GALLERY_FULL,
  THUMBNAIL_REQUIRED,
  dealRunning,
  flashDealRuleErrors,
  productFields,
  productPatchFields,
  productRuleErrors,
  readFlashDeal,
} from '@/shared/catalogue';
import { invalidPk, recordId } from '@/shared/validation';
import { listingFilterParams, type ListingFilters } from '@/shared/listing-filters';
import { listingFiltersQuery } from '@/shared/listing-filters-query';
import { GALLERY_MAX_FILES, THUMBNAIL_MAX_FILES } from '@/shared/constants';
import { pageSchema } from '@/shared/types';
import { nextDealEnd } from '@/shared/prices';

// An empty filter (?category=) filters nothing, as django-filter treats it.
const filter = z.preprocess((v) => (v === '' ? undefined : v), recordId.optional());
const listQuery = z.looseObject({
  search: z.string().max(200).optional(),
  category: filter,
  supplier: filter,
  exclude: filter,
  // The last product of the previous page, as `next` links name it (services/catalogue/product-list.ts).
  after: filter,
  ...listingFiltersQuery.shape,
});

const FORM_FILES = {
  files: {
    thumbnail: { max: THUMBNAIL_MAX_FILES, kinds: ['image' as const] },
    images: { max: GALLERY_MAX_FILES, kinds: ['image' as const, 'video' as const] },
  },
  arrays: ['remove_image_ids'],
};

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Products (docs/product.md#catalogue-rules): public listings, search and sections; suppliers with a confirmed
 * email create products and edit or delete their own.
 */
const products: FastifyPluginAsyncZod = async (app) => {
  const viewer = (request: FastifyRequest) => request.user?.id ?? null;

  // Public answers are made once for guests and cached (services/catalogue/cache.ts); a
  // signed-in viewer gets the same answer with is_favorited filled in.
  const lists = createCatalogueCache<Page<Product>>();
  const timeBoundLists = createCatalogueCache<Page<Product>>(TIME_BOUND_TTL_MS);
  const details = createCatalogueCache<Product | undefined>();
  // Cached under a normalized URL (known parameters only, in one order, limits clamped), so
  // junk parameters and spellings of the same query share one entry; the paging links are
  // built from it too. The version moves only with writes to the catalogue's tables.
  const version = catalogueVersionReader(app.db, PRODUCT_TABLES);
  // Hot selling is also ordered by favourites and conversations.
  const activityVersion = catalogueVersionReader(app.db);
  const gated = createReadGate();

  const list = (order: ProductOrder) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as z.output<typeof listQuery>;
    const paging = readPaging(request);
    // Deep pages are reached through `next` links, which seek; a bare offset is read only
    // within the window (docs/api.md#data-formats-and-paging).
    if (paging.offset > OFFSET_WINDOW && query.after === undefined) throw badRequest({ offset: [OFFSET_BEYOND_WINDOW] });
    const search = query.search?.trim() || undefined;
    const cache = order === 'flash-deals' || order === 'hot-selling' ? timeBoundLists : lists;
    const listing: ListingFilters = {
      ordering: query.ordering,
      price_min: query.price_min,
      price_max: query.price_max,
      moq_max: query.moq_max,
      rating_min: query.rating_min,
      verified: query.verified,
      in_stock: query.in_stock,
    };
    const key = canonicalListUrl(request.routeOptions.url ?? '', { ...query, search }, paging, listing, query.after);
    const current = await (order === 'hot-selling' ? activityVersion : version)();
    const answer = await cache.get(
      key,
      current,
      () =>
        gated(async () => {
          const answer = await listProducts(app.db, {
            filters: { search, category: query.category, supplier: query.supplier, exclude: query.exclude },
            order,
            listing,
            ...paging,
            after: query.after,
            viewerId: null,
            version: current,
          });
          return page(request, answer.results, answer.count, paging, key, answer);
        }),
      undefined,
      (made) => nextDealEnd(made.results),
    );
    const viewerId = viewer(request);
    if (viewerId === null) return sendCached(request, reply, answer);
    return { ...answer.value, results: await withFavorites(app.db, answer.value.results, viewerId) };
  };

  // Section pages are polled: they answer 304 when the client's copy is current.
  const listSchema = {
    schema: {
      tags: ['catalogue'],
      querystring: listQuery,
      response: { 200: pageSchema(productSchema), 304: notModified, ...failures(400, 401, 503) },
    },
    onSend: conditional,
  };
  app.get('/api/products/', listSchema, list('newest'));
  app.get('/api/products/new-arrivals/', listSchema, list('newest'));
  app.get('/api/products/flash-deals/', listSchema, list('flash-deals'));
  app.get('/api/products/top-rated/', listSchema, list('top-rated'));
  app.get('/api/products/hot-selling/', listSchema, list('hot-selling'));

  app.get(
    '/api/products/:id/',
    {
      schema: { tags: ['catalogue'], params: idParams, response: { 200: productSchema, 304: notModified, ...failures(401, 404, 503) } },
      onSend: conditional,
    },
    async (request, reply) => {
      const answer = await details.get(
        String(request.params.id),
        await version(),
        () => gated(() => productById(app.db, request.params.id, null, true)),
        undefined,
        (product) => (product ? nextDealEnd([product]) : undefined),
      );
      if (!answer.value) throw notFound();
      const viewerId = viewer(request);
      // A hidden product: its supplier and moderators read it, marked; anyone else gets a 404.
      if (!canSeeHidden(answer.value, viewerId, app.isModerator(request.user))) throw notFound();
      if (viewerId === null) return sendCached(request, reply, answer);
      return (await withFavorites(app.db, [answer.value], viewerId))[0];
    },
  );

  app.post(
    '/api/products/',
    {
      schema: {
        tags: ['catalogue'],
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: productSchema, ...failures(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const user = requireSupplier(request);
      const form = await readForm(request, FORM_FILES);
      const { data: fields, errors: invalid } = checkInput(productFields, form.fields);
      const errors = fields ? productRuleErrors(fields) : { ...invalid };
      const deal = readFlashDeal(form.fields);
      Object.assign(errors, deal.errors, deal.deal && fields ? flashDealRuleErrors(deal.deal, fields.min_price) : {});
      const thumbnail = await thumbnailOf(form, app.media.resolve);
      if (!thumbnail) errors.thumbnail = [THUMBNAIL_REQUIRED];
      if (fields && !(await categoryExists(app.db, fields.category_id))) errors.category_id = [invalidPk(fields.category_id)];
      if (!fields || !thumbnail || Object.keys(errors).length > 0) throw badRequest(errors);

      const productId = await createProduct(app.db, user.id, { fields, deal: deal.deal, thumbnail, images: form.files.images ?? [] });
      const created = await productById(app.db, productId, user.id, true);
      if (!created) throw notFound();
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/products/:id/',
    {
      schema: {
        tags: ['catalogue'],
        params: idParams,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: productSchema, ...failures(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const user = requireSupplier(request);
      const current = await ownProduct(app.db, request.params.id, user.id);
      const form = await readForm(request, FORM_FILES);
      const { remove_image_ids: removeIds = [], ...changes } = parseInput(productPatchFields, form.fields);
      // Tiers not sent are checked again against the product's new prices and minimum order.
      const merged = { ...current, ...changes, price_tiers: changes.price_tiers ?? current.price_tiers };
      const errors = productRuleErrors(merged);
      const deal = readFlashDeal(form.fields);
      Object.assign(errors, deal.errors, deal.deal ? flashDealRuleErrors(deal.deal, merged.min_price) : {});
      // A lower minimum price must not leave a running deal at or above it.
      const runningDeal =
        !deal.deal && current.price !== null && dealRunning({ flash_deal_ends_at: current.flash_deal_ends_at?.toISOString() ?? null });
      if (runningDeal && changes.min_price !== undefined && Number(current.price) >= Number(changes.min_price))
        errors.min_price ??= [DEAL_PRICE_NOT_BELOW_MIN];
      if (changes.category_id !== undefined && !(await categoryExists(app.db, changes.category_id)))
        errors.category_id = [invalidPk(changes.category_id)];
      const thumbnail =
        form.fields.thumbnail !== undefined || form.files.thumbnail ? await thumbnailOf(form, app.media.resolve) : undefined;
      if (thumbnail === null) errors.thumbnail = [THUMBNAIL_REQUIRED];

      const existing = await productMedia(app.db, current.id);
      const unknown = removeIds.filter((mid) => !existing.some((m) => m.id === mid));
      if (unknown.length > 0) errors.remove_image_ids = [invalidPk(unknown[0])];
      const added = form.files.images ?? [];
      if (existing.length - new Set(removeIds).size + added.length > GALLERY_MAX_FILES) errors.images = [GALLERY_FULL];
      if (Object.keys(errors).length > 0) throw badRequest(errors);

      await updateProduct(app.db, current.id, { changes, deal: deal.deal, thumbnail, removeIds, added, existing });
      return productById(app.db, current.id, user.id, true);
    },
  );

  app.delete(
    '/api/products/:id/',
    { schema: { tags: ['catalogue'], params: idParams, response: { 204: noContent, ...failures(401, 403, 404) } } },
    async (request, reply) => {
      const user = requireSupplier(request);
      const current = await ownProduct(app.db, request.params.id, user.id);
      await deleteProduct(app.db, current.id);
      return reply.code(204).send(null);
    },
  );
};

/** A list request's path with only the parameters that change its answer, in a fixed order. */
function canonicalListUrl(
  path: string,
  filters: { search?: string; category?: number; supplier?: number; exclude?: number },
  paging: { limit: number; offset: number },
  listing: ListingFilters = {},
  after?: number,
): string {
  const params = new URLSearchParams();
  if (filters.category !== undefined) params.set('category', String(filters.category));
  if (filters.exclude !== undefined) params.set('exclude', String(filters.exclude));
  params.set('limit', String(paging.limit));
  if (paging.offset > 0) params.set('offset', String(paging.offset));
  if (filters.search) params.set('search', filters.search.replace(/\s+/g, ' '));
  if (filters.supplier !== undefined) params.set('supplier', String(filters.supplier));
  // Sorting and filters, canonical (docs/api.md#sorting-and-filtering): each choice its own cache entry.
  for (const [name, value] of Object.entries(listingFilterParams(listing))) params.set(name, value);
  if (after !== undefined) params.set('after', String(after));
  return `${path}?${params}`;
}

/** A guest's cached answer: its bytes as made once, compressed as the client accepts, with its ETag. */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: Cached<unknown>) {
  reply.header('ETag', answer.etag());
  return sendPrepared(request, reply, answer.prepared(), JSON_TYPE);
}

/**
 * The thumbnail sent: an uploaded image file, or the URL of an image already uploaded to
 * our media store (an offline device uploads first, then sends the form as JSON).
 * null when none (or not one of ours).
 */
async function thumbnailOf(
  form: Form,
  resolve: (url: string) => Promise<{ path: string; format: string } | undefined>,
): Promise<string | null> {
  const file = form.files.thumbnail?.[0];
  if (file) return file.path;
  const url = form.fields.thumbnail;
  if (typeof url !== 'string' || url.trim() === '') return null;
  const stored = await resolve(url);
  return stored && ['jpg', 'png', 'gif', 'webp'].includes(stored.format) ? stored.path : null;
}

export default products;
