import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import TextField from '@/components/TextField';
import CountryField from '@/components/CountryField';
import { useMessage } from '@/components/useMessage';
import type { User } from '@/shared/types';
import { accountDetailsSchema, toFieldErrors, type AccountDetails } from '@/shared/validation';
import { account } from '@/queries/account';
import { useAuth } from '@/queries/auth';
import { authFormErrors } from '@/queries/errors';
import { failureReason } from '../serverMessage';
import SaveResult, { type SaveOutcome } from './SaveResult';

type Name = keyof AccountDetails;

const detailsOf = (user: User): AccountDetails => ({
  first_name: user.first_name,
  last_name: user.last_name,
  phone_number: user.phone_number,
  country: user.country.code,
});

/**
 * The person behind the account: first and last name, phone and country (PATCH /api/me/,
 * the rules of sign-up from src/shared/validation.ts). The answer replaces the user, so the
 * navbar's greeting follows at once.
 */
export default function AccountDetailsForm({ user }: { user: User }) {
  const { t } = useLingui();
  const translate = useMessage();
  const { setUser } = useAuth();
  const [values, setValues] = useState<AccountDetails>(() => detailsOf(user));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [result, setResult] = useState<SaveOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (name: Name) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setResult(null);
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    setResult(null);
    const parsed = accountDetailsSchema.safeParse(values);
    if (!parsed.success) {
      const fields = toFieldErrors(parsed.error.issues);
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, translate(messages[0])])));
      requestAnimationFrame(() => formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    const form = new FormData();
    for (const [key, value] of Object.entries(parsed.data)) form.append(key, value);
    setBusy(true);
    try {
      const saved = await account.updateMe(form);
      setUser(saved);
      setValues(detailsOf(saved));
      setResult({ kind: 'success', message: t`Your details are saved.` });
    } catch (err) {
      const fields = authFormErrors(err).fields;
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, message]) => [key, translate(message)])));
      setResult({ kind: 'error', message: t`Your details could not be saved.`, reason: failureReason(err) });
    } finally {
      setBusy(false);
    }
  };

  const input = (name: Exclude<Name, 'country'>, label: ReactNode, type: string, autoComplete: string) => (
    <TextField
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      maxLength={name === 'phone_number' ? 32 : 64}
      value={values[name]}
      error={errors[name]}
      disabled={busy}
      onChange={set(name)}
    />
  );

  return (
    <section aria-labelledby="account-details" className="card profile__card">
      <h2 id="account-details">
        <Trans>Your details</Trans>
      </h2>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <div className="form__row">
          {input('first_name', <Trans>First name</Trans>, 'text', 'given-name')}
          {input('last_name', <Trans>Last name</Trans>, 'text', 'family-name')}
        </div>
        {input('phone_number', <Trans>Phone number</Trans>, 'tel', 'tel')}
        <CountryField value={values.country} error={errors.country} disabled={busy} onChange={set('country')} />
        <SaveResult result={result} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Save details</Trans>}
        </button>
      </form>
    </section>
  );
}
