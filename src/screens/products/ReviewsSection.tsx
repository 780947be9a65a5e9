import { lazy, Suspense } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import Alert from '@/components/Alert';
import Spinner from '@/components/Spinner';
import { useMyReview, useReviews } from '@/queries/reviews';
import { useAuth } from '@/queries/auth';
import ReviewItem from './ReviewItem';

/** Only a signed-in buyer sees the form: its checks (zod) stay out of the page a guest lands on. */
const ReviewForm = lazy(() => import('./ReviewForm'));

/**
 * The reviews of a product with their count, and the review form for buyers only (docs/product.md#screens,
 * #roles-and-permissions). A buyer who already reviewed gets a notice instead of the form (docs/product.md#screens).
 */
export default function ReviewsSection({ productId }: { productId: number }) {
  const { user, status: authStatus } = useAuth();
  const { reviews, count, status } = useReviews(productId);
  const mine = useMyReview(productId);
  const isBuyer = user?.user_type === 'BUYER';

  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">
        <Trans>Reviews</Trans> <span className="reviews__count">({count})</span>
      </h2>
      {authStatus === 'guest' ? (
        <p className="muted reviews__guest">
          <Trans>
            <Link href="/login" className="reviews__login">
              Log in
            </Link>{' '}
            as a buyer to write a review.
          </Trans>
        </p>
      ) : null}
      {isBuyer && mine === null ? (
        <Suspense fallback={<Spinner />}>
          <ReviewForm productId={productId} />
        </Suspense>
      ) : null}
      {isBuyer && mine && !mine.pending ? (
        <Alert kind="success">
          <Trans>Thank you! You have reviewed this product.</Trans>
        </Alert>
      ) : null}
      {status === 'loading' && reviews.length === 0 ? <Spinner /> : null}
      {status === 'error' && reviews.length === 0 ? (
        <p className="muted">
          <Trans>Reviews could not be loaded.</Trans>
        </p>
      ) : null}
      {reviews.length > 0 ? (
        <ul className="reviews__list">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} mine={review.reviewer.id === user?.id} />
          ))}
        </ul>
      ) : status === 'ready' ? (
        <p className="muted">
          <Trans>No reviews yet.</Trans>
        </p>
      ) : null}
    </section>
  );
}
