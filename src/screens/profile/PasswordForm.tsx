import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@/components/Alert';
import FormField from '@/components/FormField';
import { useMessage } from '@/components/useMessage';
import { passwordChangeSchema, toFieldErrors, type FieldErrors } from '@/shared/validation';
import { account } from '@/queries/account';
import { ApiError } from '@/queries/errors';

const FIELDS = ['old_password', 'new_password1', 'new_password2'] as const;
type Field = (typeof FIELDS)[number];

/** The server's field messages, in field order, joined (docs/product.md#messages "server field messages joined"). */
function serverMessages(err: unknown): { fields: FieldErrors; joined: string } {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return { fields: {}, joined: '' };
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(err.body as Record<string, unknown>)) {
    if (Array.isArray(value)) fields[key] = value.map(String);
    else if (typeof value === 'string') fields[key] = [value];
  }
  return { fields, joined: Object.values(fields).flat().join(' ') };
}

/** Change password (docs/product.md#validation-rules: all three fields required, new and confirmation must match). */
export default function PasswordForm() {
  const { t } = useLingui();
  const translate = useMessage();
  const [values, setValues] = useState<Record<Field, string>>({ old_password: '', new_password1: '', new_password2: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ kind: 'success' | 'error'; message: string; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirst = (found: FieldErrors) => {
    const first = FIELDS.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setResult(null);
    // All three are required first; then the shared rules (length, the match).
    const parsed = passwordChangeSchema.safeParse(values);
    const found: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
    for (const name of FIELDS) if (!values[name]) found[name] = ['This field is required.'];
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    setBusy(true);
    try {
      await account.changePassword(values);
      setValues({ old_password: '', new_password1: '', new_password2: '' });
      setResult({ kind: 'success', message: t`Password updated successfully!` });
    } catch (err) {
      const server = serverMessages(err);
      setErrors(server.fields);
      const joined = server.joined || (err instanceof ApiError && err.status === 0 ? err.message : '');
      setResult({ kind: 'error', message: t`Failed to update password.`, detail: joined || t`Please check the fields and try again.` });
      focusFirst(server.fields);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: ReactNode, autoComplete: string) => (
    <FormField label={label} error={errors[name]?.[0] ? translate(errors[name][0]) : null}>
      {(control) => (
        <input
          {...control}
          type="password"
          name={name}
          autoComplete={autoComplete}
          required
          value={values[name]}
          disabled={busy}
          onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
        />
      )}
    </FormField>
  );

  return (
    <section aria-labelledby="settings-password" className="card profile__card">
      <h2 id="settings-password">
        <Trans>Change password</Trans>
      </h2>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        {field('old_password', <Trans>Current password</Trans>, 'current-password')}
        {field('new_password1', <Trans>New password</Trans>, 'new-password')}
        {field('new_password2', <Trans>Confirm new password</Trans>, 'new-password')}
        {result ? (
          <Alert kind={result.kind}>
            {result.message}
            {result.detail ? <span className="alert__detail"> {result.detail}</span> : null}
          </Alert>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Update password</Trans>}
        </button>
      </form>
    </section>
  );
}
