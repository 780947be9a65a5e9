import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathId } from '../lib/params';
import { requireBuyer, requireVerified } from '../lib/auth';
import { readForm } from '../services/media/forms';
import { page, readPaging } from '../lib/paging';
import { parseInput } from '../lib/validate';
import { createReview, editReview, ownReview, reviewedProduct, reviewPage } from '../services/catalogue/reviews';
import { failures } from '../lib/responses';
import { reviewCreate, reviewEdit, reviewSchema } from '@/shared/catalogue';
import { pageSchema } from '@/shared/types';

/**
 * Reviews of a product (docs/product.md#validation-rules): anyone reads them; a buyer with a confirmed email
 * writes one per product and edits its comment. The product's average rating and count
 * follow in the same transaction (a trigger of migration 0003).
 */
const productParams = z.object({ id: pathId });
const written = { 200: reviewSchema, 201: reviewSchema, ...failures(400, 401, 403, 404, 413) };

const reviews: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/products/:id/reviews/',
    { schema: { tags: ['reviews'], params: productParams, response: { 200: pageSchema(reviewSchema), ...failures(400, 401, 404) } } },
    async (request) => {
      const product = await reviewedProduct(app.db, request.params.id);
      const paging = readPaging(request);
      const { reviews: results, count } = await reviewPage(app.db, product.id, paging);
      return page(request, results, count, paging);
    },
  );

  app.post(
    '/api/products/:id/reviews/',
    { schema: { tags: ['reviews'], params: productParams, response: written } },
    async (request, reply) => {
      const user = requireBuyer(request);
      const product = await reviewedProduct(app.db, request.params.id);
      const input = parseInput(reviewCreate, (await readForm(request)).fields);
      const { review, created, notificationId } = await createReview(app.db, product, user, input);
      app.push.notified(notificationId);
      return reply.code(created ? 201 : 200).send(review);
    },
  );

  app.patch(
    '/api/products/:productId/reviews/:reviewId/',
    {
      schema: {
        tags: ['reviews'],
        params: z.object({ productId: pathId, reviewId: pathId }),
        response: { 200: reviewSchema, ...failures(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const user = requireVerified(request);
      const review = await ownReview(app.db, request.params, user.id);
      const { comment } = parseInput(reviewEdit, (await readForm(request)).fields);
      return editReview(app.db, review.id, comment);
    },
  );
};

export default reviews;
