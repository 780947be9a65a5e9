import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import FormField from '@/components/FormField';
import { useCurrency, useRates } from '@/queries/rates';
import { CURRENCIES } from '@/shared/currency';
import { formatPrice } from '@/shared/format';
import { account } from '@/queries/account';
import { useAuth } from '@/queries/auth';
import { failureReason } from '../serverMessage';
import SaveResult, { type SaveOutcome } from './SaveResult';

/**
 * The account's default currency (docs/api.md#calls PATCH /me/ multipart `currency`). The answer
 * replaces the user, so every price on screen (useCurrency) follows at once.
 */
export default function CurrencySettings() {
  const { t, i18n } = useLingui();
  const { setUser } = useAuth();
  const currency = useCurrency();
  const rates = useRates();
  const names = new Intl.DisplayNames([i18n.locale || 'en'], { type: 'currency' });
  const [choice, setChoice] = useState(currency.code);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SaveOutcome | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData();
    form.append('currency', choice);
    setBusy(true);
    setResult(null);
    try {
      setUser(await account.updateMe(form));
      setResult({ kind: 'success', message: t`Settings updated!` });
    } catch (err) {
      setResult({ kind: 'error', message: t`Failed to update settings.`, reason: failureReason(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="settings-currency" className="card profile__card">
      <h2 id="settings-currency">
        <Trans>Default currency</Trans>
      </h2>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <FormField
          label={<Trans>Currency</Trans>}
          hint={<Trans>Prices are shown in this currency, e.g. {formatPrice(100, choice, rates[choice])} for 100 US dollars.</Trans>}
        >
          {(control) => (
            <select {...control} name="currency" value={choice} disabled={busy} onChange={(event) => setChoice(event.target.value)}>
              {CURRENCIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {names.of(c.code) ?? c.name} ({c.symbol})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <SaveResult result={result} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Save settings</Trans>}
        </button>
      </form>
    </section>
  );
}
