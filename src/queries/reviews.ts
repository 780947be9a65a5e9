import { useEffect, useState } from 'react';
import { intent, useConnectivity } from '../sync';
import { useAuth } from './auth';
import type { ReviewRow } from '../db/db';

export type { ReviewRow };
import { useLive } from './live';

export interface ReviewsView {
  reviews: ReviewRow[];
  count: number;
  status: 'loading' | 'ready' | 'error';
}

const ensureReviews = intent('ensureReviews');

const newestFirst = (a: ReviewRow, b: ReviewRow) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id);

/** A product's reviews, newest first, pending ones (written on this device) included. */
export function useReviews(productId: number): ReviewsView {
  const online = useConnectivity();
  const [fetchState, setFetchState] = useState<'loading' | 'done' | 'error'>('loading');
  useEffect(() => {
    if (!online) {
      setFetchState('done');
      return;
    }
    let active = true;
    setFetchState('loading');
    ensureReviews(productId).then(
      () => active && setFetchState('done'),
      (error) => {
        console.warn('Could not load the reviews', error);
        if (active) setFetchState('error');
      },
    );
    return () => {
      active = false;
    };
  }, [productId, online]);

  const { data: local } = useLive(
    async ({ db }) => {
      const reviews = (await db.reviews.where('product').equals(productId).toArray()).sort(newestFirst);
      const serverCount = (await db.syncState.get(`reviews:${productId}`))?.value as number | undefined;
      const pendingNew = reviews.filter((r) => r.id < 0).length;
      return { reviews, count: Math.max(reviews.length, (serverCount ?? 0) + pendingNew), fetched: serverCount !== undefined };
    },
    [productId],
  );

  const status = !local
    ? 'loading'
    : local.fetched || local.reviews.length > 0
      ? 'ready'
      : fetchState === 'error'
        ? 'error'
        : fetchState === 'loading'
          ? 'loading'
          : 'ready';
  return { reviews: local?.reviews ?? [], count: local?.count ?? 0, status };
}

/** The signed-in user's own review of a product (null when none), pending or not. */
export function useMyReview(productId: number): ReviewRow | null | undefined {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useLive(
    async ({ db }) => {
      if (userId === null) return null;
      const mine = await db.reviews
        .where('product')
        .equals(productId)
        .filter((r) => r.reviewer?.id === userId)
        .first();
      return mine ?? null;
    },
    [productId, userId],
  ).data;
}

export const submitReview = intent('submitReview');
export const editReview = intent('editReview');
