import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@/components/Alert';
import FormField from '@/components/FormField';
import { StarInput } from '@/components/Stars';
import { REVIEW_COMMENT_MAX, reviewCreate } from '@/shared/catalogue';
import { useMessage } from '@/components/useMessage';
import { submitReview } from '@/queries/reviews';
import { LocalWriteError } from '@/queries/errors';

/**
 * A buyer's review of a product (docs/product.md#validation-rules): a star rating (required) and an optional comment.
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
    // The rule and its text are the server's (src/shared/catalogue.ts), shown in the active language.
    const checked = reviewCreate.shape.rating.safeParse(rating);
    if (!checked.success) {
      setRatingError(translate(checked.error.issues[0]?.message ?? ''));
      document.querySelector<HTMLElement>('#review-rating [role="radio"][tabindex="0"]')?.focus();
      return;
    }
    setSaving(true);
    try {
      await submitReview(productId, { rating: checked.data, comment: comment.trim() });
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
