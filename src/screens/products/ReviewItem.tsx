import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@/components/Alert';
import Stars from '@/components/Stars';
import { formatDate } from '@/shared/format';
import { type ReviewRow, editReview } from '@/queries/reviews';
import { REVIEW_COMMENT_MAX } from '@/shared/constants';
import { discardOutboxEntry, retryOutboxEntry } from '@/queries/status';
import PendingNote from './PendingNote';

/**
 * One review. Its author edits the comment in place (docs/product.md#screens: edit, save, cancel); a review
 * still on the device says so, and one the server refused shows why, with retry and discard.
 */
export default function ReviewItem({ review, mine }: { review: ReviewRow; mine: boolean }) {
  const { outboxId } = review;
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(review.comment);
  const [failure, setFailure] = useState<string | null>(null);
  const name = review.reviewer.first_name;
  const commentId = `review-${review.id}-comment`;

  const save = async () => {
    setFailure(null);
    if (draft.trim() === review.comment) {
      setEditing(false);
      return;
    }
    try {
      await editReview(review, draft.trim());
      setEditing(false);
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : t`Could not save your review on this device.`);
    }
  };

  return (
    <li className={`review${review.pending ? ' review--pending' : ''}`}>
      <div className="review__head">
        <Stars rating={review.rating} />
        <span className="review__author">{mine ? <Trans>{name} (you)</Trans> : name}</span>
        <time className="review__date" dateTime={review.created_at}>
          {formatDate(review.created_at)}
        </time>
      </div>
      {editing ? (
        <div className="review__edit">
          <label htmlFor={commentId} className="visually-hidden">
            <Trans>Edit your comment</Trans>
          </label>
          <textarea
            id={commentId}
            rows={3}
            maxLength={REVIEW_COMMENT_MAX}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the reader just asked to edit: the comment box takes the focus.
            autoFocus
          />
          {failure ? <Alert>{failure}</Alert> : null}
          <div className="review__buttons">
            <button type="button" className="button button--primary button--small" onClick={save}>
              <Trans>Save</Trans>
            </button>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                setDraft(review.comment);
                setFailure(null);
                setEditing(false);
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      ) : (
        <>
          {review.comment ? <p className="review__comment">{review.comment}</p> : null}
          {mine && !review.pending ? (
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                setDraft(review.comment);
                setEditing(true);
              }}
            >
              <Trans>Edit</Trans>
            </button>
          ) : null}
        </>
      )}
      {review.pending ? (
        <PendingNote
          state={review.pending}
          error={review.error}
          onRetry={outboxId !== undefined ? () => retryOutboxEntry(outboxId) : undefined}
          onDiscard={outboxId !== undefined ? () => discardOutboxEntry(outboxId) : undefined}
        />
      ) : null}
    </li>
  );
}
