import { useLingui } from '@lingui/react/macro';
import './product.css';

/** The operator-granted trust badge beside a supplier's name (docs/product.md#decisions), named for screen readers. */
export default function VerifiedBadge() {
  const { t } = useLingui();
  const label = t`Verified supplier`;
  return (
    <span className="verified-badge" role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          d="M12 2l2.4 2.1 3.2-.3.9 3.1 2.8 1.6-1 3 1 3-2.8 1.6-.9 3.1-3.2-.3L12 22l-2.4-2.1-3.2.3-.9-3.1-2.8-1.6 1-3-1-3 2.8-1.6.9-3.1 3.2.3z"
          fill="currentColor"
        />
        <path
          d="m8.5 12.2 2.3 2.3 4.7-4.9"
          fill="none"
          stroke="var(--on-primary)"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
