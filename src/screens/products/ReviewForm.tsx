import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '../../components/Alert';
import FormField from '../../components/FormField';
import { StarInput } from '../../components/Stars';
import { useMessage } from '../../components/useMessage';
import { RATING_REQUIRED, REVIEW_COMMENT_MAX } from '../../shared/catalogue';
import { submitReview } from '../../sync/intents';
import { LocalWriteError } from '../../sync/storage';

/**
 * A buyer's review of a product (spec §5): a star rating (required) and an optional comment.
 * It is kept on the device at once and sent by the outbox; the section then shows the review
 * and its state instead of this form.
 */
export default function ReviewForm({ productId }: { productId: number }) {
  const { t } = useLingui();
  const translate = useMessage();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [ratingError, setRatingError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (rating === null) {
      setRatingError(translate(RATING_REQUIRED));
      document.querySelector<HTMLElement>('#review-rating [role="radio"][tabindex="0"]')?.focus();
      return;
    }
    setSaving(true);
    try {
      await submitReview(productId, { rating, comment: comment.trim() });
    } catch (err) {
      setSaving(false);
      setFailure(err instanceof LocalWriteError ? err.message : t`Could not save your review on this device.`);
    }
  };

  return (
    <form className="review-form card" onSubmit={onSubmit} noValidate aria-labelledby="review-form-title">
      <h3 id="review-form-title" className="review-form__title">
        <Trans>Write a review</Trans>
      </h3>
      <div id="review-rating">
        <StarInput
          id="review-rating-input"
          label={<Trans>Your rating</Trans>}
          value={rating}
          error={ratingError}
          disabled={saving}
          onChange={(value) => {
            setRating(value);
            setRatingError(null);
          }}
        />
      </div>
      <FormField label={<Trans>Comment (optional)</Trans>}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={REVIEW_COMMENT_MAX}
            value={comment}
            disabled={saving}
            onChange={(event) => setComment(event.target.value)}
          />
        )}
      </FormField>
      {failure ? <Alert>{failure}</Alert> : null}
      <button type="submit" className="button button--primary" disabled={saving}>
        <Trans>Submit review</Trans>
      </button>
    </form>
  );
}
