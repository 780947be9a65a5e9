import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '../lib/params';
import { sql } from 'kysely';
import { requireBuyer, requireVerified } from '../lib/auth';
import { readForm } from '../lib/body';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { page, readPaging } from '../lib/paging';
import { notifyNewReview, serializeReviews, type ReviewRow } from '../services/reviews';
import { ALREADY_REVIEWED, EDIT_OWN_REVIEW_ONLY, reviewCreate, reviewEdit } from '../../src/shared/catalogue';
import { toFieldErrors } from '../../src/shared/validation';

const pk = pathId;

/**
 * Reviews of a product (spec §5/§6): anyone reads them; a buyer with a confirmed email
 * writes one per product and edits its comment. The product's average rating and count
 * follow in the same transaction (a trigger of migration 0003).
 */
const reviews: FastifyPluginAsyncZod = async (app) => {
  const productOr404 = async (productId: number) => {
    const product = await app.db.selectFrom('products').select(['id', 'name', 'supplier_id']).where('id', '=', productId).executeTakeFirst();
    if (!product) throw notFound();
    return product;
  };

  app.get('/api/products/:id/reviews/', { schema: { tags: ['reviews'], params: z.object({ id: pk }) } }, async (request) => {
    const product = await productOr404(request.params.id);
    const paging = readPaging(request);
    const [rows, total] = await Promise.all([
      app.db.selectFrom('reviews').selectAll().where('product_id', '=', product.id)
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute(),
      app.db.selectFrom('reviews').select(sql<number>`count(*)::int`.as('n')).where('product_id', '=', product.id).executeTakeFirstOrThrow(),
    ]);
    return page(request, await serializeReviews(app.db, rows), total.n, paging);
  });

  app.post('/api/products/:id/reviews/', { schema: { tags: ['reviews'], params: z.object({ id: pk }) } }, async (request, reply) => {
    const user = requireBuyer(request);
    const product = await productOr404(request.params.id);
    const { fields } = await readForm(request);
    const parsed = reviewCreate.safeParse(fields);
    if (!parsed.success) throw badRequest(toFieldErrors(parsed.error.issues));
    const { rating, comment, client_id } = parsed.data;

    const answer = async (row: ReviewRow, status: number) => reply.code(status).send((await serializeReviews(app.db, [row]))[0]);
    // A repeat of the same write from the outbox answers the first result (DESIGN §5).
    if (client_id) {
      const first = await app.db.selectFrom('reviews').selectAll().where('reviewer_id', '=', user.id).where('client_id', '=', client_id).executeTakeFirst();
      if (first) return answer(first, 200);
    }
    const created = await app.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('reviews')
        .values({ product_id: product.id, reviewer_id: user.id, rating, comment, client_id: client_id ?? null })
        .onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
      if (!row) return undefined;
      await notifyNewReview(trx, product, { rating, reviewerName: user.first_name });
      return row;
    });
    if (!created) {
      // Two concurrent sends of one client_id: the other one won; answer it.
      if (client_id) {
        const first = await app.db.selectFrom('reviews').selectAll().where('reviewer_id', '=', user.id).where('client_id', '=', client_id).executeTakeFirst();
        if (first) return answer(first, 200);
      }
      throw badRequest(ALREADY_REVIEWED);
    }
    return answer(created, 201);
  });

  app.patch('/api/products/:productId/reviews/:reviewId/', {
    schema: { tags: ['reviews'], params: z.object({ productId: pk, reviewId: pk }) },
  }, async (request) => {
    const user = requireVerified(request);
    const review = await app.db.selectFrom('reviews').selectAll()
      .where('id', '=', request.params.reviewId).where('product_id', '=', request.params.productId).executeTakeFirst();
    if (!review) throw notFound();
    if (review.reviewer_id !== user.id) throw forbidden(EDIT_OWN_REVIEW_ONLY);
    const { fields } = await readForm(request);
    const parsed = reviewEdit.safeParse(fields);
    if (!parsed.success) throw badRequest(toFieldErrors(parsed.error.issues));
    const updated = await app.db.updateTable('reviews').set({ comment: parsed.data.comment, updated_at: new Date() })
      .where('id', '=', review.id).returningAll().executeTakeFirstOrThrow();
    return (await serializeReviews(app.db, [updated]))[0];
  });
};

export default reviews;
