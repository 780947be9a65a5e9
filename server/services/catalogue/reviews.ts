import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db';
import type { ReviewsTable } from '../../db/schema';
import type { UserRow } from '../accounts/sessions';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { userSummaries } from '../accounts/users';
import { notify } from '../notifications';
import { ALREADY_REVIEWED, EDIT_OWN_REVIEW_ONLY, type Review } from '@/shared/catalogue';

export type ReviewRow = Selectable<ReviewsTable>;
type ReviewedProduct = { id: number; name: string; supplier_id: number };

/** Reviews as the API answers them (GET /api/products/{id}/reviews/ and sync), reviewers in a constant number of queries. */
export async function serializeReviews(db: Database, rows: ReviewRow[]): Promise<Review[]> {
  // Reviews are public: reviewers as a stranger may see them (a buyer's name and picture only).
  const reviewers = await userSummaries(
    db,
    rows.map((r) => r.reviewer_id),
    { public: true },
  );
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    // biome-ignore lint/style/noNonNullAssertion: the reviewers of these rows were just read.
    reviewer: reviewers.get(r.reviewer_id)!,
    product: r.product_id,
  }));
}

/** The product reviews are read or written for, or a 404. */
export async function reviewedProduct(db: Database, productId: number): Promise<ReviewedProduct> {
  // A hidden product's reviews go with it (docs/api.md#trust-and-safety).
  const product = await db
    .selectFrom('products')
    .select(['id', 'name', 'supplier_id'])
    .where('id', '=', productId)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  if (!product) throw notFound();
  return product;
}

/** One page of a product's reviews, newest first, and how many it has. */
export async function reviewPage(db: Database, productId: number, paging: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('reviews')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    db.selectFrom('reviews').select(sql<number>`count(*)::int`.as('n')).where('product_id', '=', productId).executeTakeFirstOrThrow(),
  ]);
  return { reviews: await serializeReviews(db, rows), count: total.n };
}

const sentBefore = (db: Database, reviewerId: number, clientId: string) =>
  db.selectFrom('reviews').selectAll().where('reviewer_id', '=', reviewerId).where('client_id', '=', clientId).executeTakeFirst();

/**
 * A buyer's one review of a product, the supplier told in the same transaction. A repeat of
 * the same write from the outbox (its client_id) answers the first result (docs/api.md#idempotent-writes);
 * `created` says which it was. A second review of the product is refused.
 */
export async function createReview(
  db: Database,
  product: ReviewedProduct,
  reviewer: UserRow,
  input: { rating: number; comment: string; client_id?: string },
): Promise<{ review: Review; created: boolean; notificationId?: number | null }> {
  const { rating, comment, client_id } = input;
  const first = client_id ? await sentBefore(db, reviewer.id, client_id) : undefined;
  if (first) return { review: (await serializeReviews(db, [first]))[0], created: false };
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('reviews')
      .values({ product_id: product.id, reviewer_id: reviewer.id, rating, comment, client_id: client_id ?? null })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    const notificationId = inserted
      ? await notifyNewReview(trx, product, { rating, reviewerName: reviewer.first_name, reviewerId: reviewer.id })
      : null;
    return inserted && { inserted, notificationId };
  });
  if (row) return { review: (await serializeReviews(db, [row.inserted]))[0], created: true, notificationId: row.notificationId };
  // Two concurrent sends of one client_id: the other one won; answer it.
  const raced = client_id ? await sentBefore(db, reviewer.id, client_id) : undefined;
  if (!raced) throw badRequest(ALREADY_REVIEWED);
  return { review: (await serializeReviews(db, [raced]))[0], created: false };
}

/** The caller's own review of the product: 404 when there is no such review, 403 when it is someone else's. */
export async function ownReview(db: Database, ids: { productId: number; reviewId: number }, userId: number): Promise<{ id: number }> {
  const review = await db
    .selectFrom('reviews')
    .select(['id', 'reviewer_id'])
    .where('id', '=', ids.reviewId)
    .where('product_id', '=', ids.productId)
    .executeTakeFirst();
  if (!review) throw notFound();
  if (review.reviewer_id !== userId) throw forbidden(EDIT_OWN_REVIEW_ONLY);
  return review;
}

/** A review's new comment (only the comment is editable, docs/product.md#validation-rules). */
export async function editReview(db: Database, reviewId: number, comment: string): Promise<Review> {
  const updated = await db
    .updateTable('reviews')
    .set({ comment, updated_at: new Date() })
    .where('id', '=', reviewId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return (await serializeReviews(db, [updated]))[0];
}

/** Tells the supplier about a new review of their product (call inside the review's transaction). */
export function notifyNewReview(
  db: Database,
  product: ReviewedProduct,
  review: { rating: number; reviewerName: string; reviewerId?: number },
) {
  return notify(db, {
    userId: product.supplier_id,
    kind: 'new_review',
    link: `/products/${product.id}`,
    params: { product_id: product.id, product_name: product.name, rating: review.rating, reviewer_name: review.reviewerName },
    message: `${review.reviewerName} reviewed your product "${product.name}" (${review.rating}/5).`,
    ...(review.reviewerId === undefined ? {} : { actorId: review.reviewerId }),
  });
}
