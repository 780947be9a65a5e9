import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../shared/format';
import type { VerificationCheck } from '../shared/trust-schema';
import { registryShortName } from './registryNames';

/**
 * What was checked of a supplier, and when (docs/api.md#trust-and-safety): "Email confirmed ·
 * Business registration (CAC) checked 12 Mar 2027". Never a bare "verified": each check says
 * what it was.
 */
export default function VerificationLine({ checks, registry: code }: { checks: readonly VerificationCheck[]; registry?: string | null }) {
  const { t, i18n } = useLingui(); // dates and words follow the active language
  const registry = code ? registryShortName(i18n, code) : null;
  if (checks.length === 0) return null;
  return (
    <ul className="verification-line" aria-label={t`What was checked`}>
      {checks.map((check) =>
        check.check === 'email' ? (
          <li key="email">
            <Trans>Email confirmed</Trans>
          </li>
        ) : (
          <li key="business_registration">
            {registry ? (
              <Trans>
                Business registration ({registry}) checked {formatDate(check.verified_at)}
              </Trans>
            ) : (
              <Trans>Business registration checked {formatDate(check.verified_at)}</Trans>
            )}
          </li>
        ),
      )}
    </ul>
  );
}
