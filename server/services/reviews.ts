import type { Selectable } from 'kysely';
import type { Database } from '../db';
import type { ReviewsTable } from '../db/schema';
import { userSummaries } from '../lib/users';
import { notify } from './notifications';
import type { Review } from '../../src/shared/catalogue';

export type ReviewRow = Selectable<ReviewsTable>;

/** Reviews as the API answers them (GET /api/products/{id}/reviews/ and sync), reviewers in a constant number of queries. */
export async function serializeReviews(db: Database, rows: ReviewRow[]): Promise<Review[]> {
  const reviewers = await userSummaries(db, rows.map((r) => r.reviewer_id));
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    reviewer: reviewers.get(r.reviewer_id)!,
    product: r.product_id,
  }));
}

/** Tells the supplier about a new review of their product (call inside the review's transaction). */
export function notifyNewReview(db: Database, product: { id: number; name: string; supplier_id: number }, review: { rating: number; reviewerName: string }) {
  return notify(db, {
    userId: product.supplier_id, kind: 'new_review', link: `/products/${product.id}`,
    params: { product_id: product.id, product_name: product.name, rating: review.rating, reviewer_name: review.reviewerName },
    message: `${review.reviewerName} reviewed your product "${product.name}" (${review.rating}/5).`,
  });
}
