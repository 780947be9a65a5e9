import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { REVIEW_MAX_RATING, REVIEW_MIN_RATING } from '../shared/constants';
import { formatNumber } from '../shared/format';
import './stars.css';

export type StarFill = 'full' | 'half' | 'empty';

/** docs/product.md#constants: five stars, a half star when the fraction is .5 or more (3.5 and 3.9 both show 3½). */
export function starFills(rating: number): StarFill[] {
  const value = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), REVIEW_MAX_RATING) : 0;
  const whole = Math.floor(value);
  const half = value - whole >= 0.5;
  return Array.from({ length: REVIEW_MAX_RATING }, (_, i) => (i < whole ? 'full' : i === whole && half ? 'half' : 'empty'));
}

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';
/** The star's left half, the filled part of a half star. */
const HALF_PATH = 'M12 2.5V17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** One star inside a rating's svg: one shape, coloured by its fill; a half star adds its filled left half. */
function StarPaths({ fill, at }: { fill: StarFill; at: number }) {
  const transform = at ? `translate(${at * 24} 0)` : undefined;
  return (
    <>
      <path className={`star star--${fill}`} d={STAR_PATH} transform={transform} />
      {fill === 'half' ? <path className="star__half" d={HALF_PATH} transform={transform} /> : null}
    </>
  );
}

/** One star as its own svg (the star picker's buttons). */
function Star({ fill, size }: { fill: StarFill; size: number }) {
  return (
    <svg className="stars__svg" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <StarPaths fill={fill} at={0} />
    </svg>
  );
}

/** A read-only rating: five stars, named for screen readers ("Rated 4.5 out of 5"), and the review count when given. */
export default function Stars({ rating, count, size = 16 }: { rating: number; count?: number; size?: number }) {
  const { t } = useLingui();
  const shown = formatNumber(Number(rating) || 0, { maximumFractionDigits: 1 });
  const reviews = count === undefined ? '' : plural(count, { one: '# review', other: '# reviews' });
  return (
    <span
      className="stars"
      role="img"
      aria-label={count === undefined ? t`Rated ${shown} out of 5` : t`Rated ${shown} out of 5, ${reviews}`}
    >
      {/* The five stars in one svg, each drawn once: a product grid shows hundreds of them. */}
      <svg
        className="stars__svg"
        viewBox={`0 0 ${24 * REVIEW_MAX_RATING} 24`}
        width={size * REVIEW_MAX_RATING}
        height={size}
        aria-hidden="true"
        focusable="false"
      >
        {starFills(Number(rating)).map((fill, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: five stars in fixed positions.
          <StarPaths key={i} fill={fill} at={i} />
        ))}
      </svg>
      {count !== undefined ? (
        <span className="stars__count" aria-hidden="true">
          ({count})
        </span>
      ) : null}
    </span>
  );
}

/**
 * The review form's star picker: a radio group (arrow keys, Home/End, click or Space), one tab
 * stop. `value` null means nothing picked yet; `error` is shown under it and tied to the group.
 */
export function StarInput({
  value,
  onChange,
  label,
  error,
  disabled = false,
  id = 'star-input',
}: {
  value: number | null;
  onChange: (rating: number) => void;
  label: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  id?: string;
}) {
  const { t } = useLingui();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const ratings = Array.from({ length: REVIEW_MAX_RATING - REVIEW_MIN_RATING + 1 }, (_, i) => REVIEW_MIN_RATING + i);
  const focusable = value ?? REVIEW_MIN_RATING;

  const pick = (rating: number) => {
    onChange(rating);
    buttons.current[rating - REVIEW_MIN_RATING]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const current = value ?? 0;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(current + 1, REVIEW_MAX_RATING),
      ArrowUp: Math.min(current + 1, REVIEW_MAX_RATING),
      ArrowLeft: Math.max(current - 1, REVIEW_MIN_RATING),
      ArrowDown: Math.max(current - 1, REVIEW_MIN_RATING),
      Home: REVIEW_MIN_RATING,
      End: REVIEW_MAX_RATING,
    };
    if (event.key in moves) {
      event.preventDefault();
      pick(moves[event.key]);
    }
  };

  return (
    <div className="field star-input">
      <span id={`${id}-label`} className="star-input__label">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        aria-required="true"
        className="star-input__stars"
      >
        {ratings.map((rating) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA radio group pattern with star buttons; native radios cannot be drawn as stars.
          <button
            key={rating}
            ref={(el) => {
              buttons.current[rating - REVIEW_MIN_RATING] = el;
            }}
            type="button"
            role="radio"
            aria-checked={value === rating}
            aria-label={rating === 1 ? t`1 star` : t`${rating} stars`}
            tabIndex={rating === focusable ? 0 : -1}
            disabled={disabled}
            className={`star-input__star${value !== null && rating <= value ? ' star-input__star--on' : ''}`}
            onClick={() => pick(rating)}
            onKeyDown={onKeyDown}
          >
            <Star fill={value !== null && rating <= value ? 'full' : 'empty'} size={28} />
          </button>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
