import type { Selectable } from 'kysely';
import type { Database } from '../db';
import type { ReviewsTable } from '../db/schema';
import { userSummaries } from '../lib/users';
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
