import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@/components/Alert';
import TextField from '@/components/TextField';
import PageHeading from '@/components/PageHeading';
import { useMessage } from '@/components/useMessage';
import { passwordSetSchema, toFieldErrors } from '@/shared/validation';
import { useAuth } from '@/queries/auth';
import { authFormErrors } from '@/queries/errors';
import { failureReason } from '../serverMessage';

type Name = 'new_password1' | 'new_password2';

/**
 * Asked at once after a code confirmed the e-mail without proof that this device made the
 * sign-up: the sign-up's password no longer works (someone else may have chosen it), so the
 * owner of the address chooses a new one before going on.
 */
export default function ChoosePasswordStep({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const translate = useMessage();
  const { setNewPassword } = useAuth();
  const [values, setValues] = useState<Record<Name, string>>({ new_password1: '', new_password2: '' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  // The server's reason or the connection problem, beside the failure message.
  const [reason, setReason] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setGeneral(null);
    setReason(null);
    const parsed = passwordSetSchema.safeParse(values);
    if (!parsed.success) {
      const fields = toFieldErrors(parsed.error.issues);
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, translate(messages[0])])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await setNewPassword(parsed.data.new_password1, parsed.data.new_password2);
      onDone();
    } catch (err) {
      const fields = authFormErrors(err).fields;
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, message]) => [key, translate(message)])));
      setGeneral(t`Failed to update password.`);
      setReason(Object.keys(fields).length ? null : failureReason(err) || null);
      setBusy(false);
    }
  };

  const field = (name: Name, label: ReactNode) => (
    <TextField
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      value={values[name]}
      error={errors[name]}
      disabled={busy}
      onChange={(value) => {
        setValues((v) => ({ ...v, [name]: value }));
        if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
      }}
    />
  );

  return (
    <>
      <PageHeading
        subtitle={
          <Trans>Your email is confirmed. For your safety, the password given at sign-up no longer works: choose a new one now.</Trans>
        }
      >
        <Trans>Choose a new password</Trans>
      </PageHeading>
      {general ? <Alert>{general}</Alert> : null}
      {reason ? <p className="form-reason">{reason}</p> : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        {field('new_password1', <Trans>New password</Trans>)}
        {field('new_password2', <Trans>Confirm new password</Trans>)}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Save password</Trans>}
        </button>
      </form>
    </>
  );
}
