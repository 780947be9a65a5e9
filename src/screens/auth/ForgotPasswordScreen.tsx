import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import Alert from '@/components/Alert';
import FormField from '@/components/FormField';
import TextField from '@/components/TextField';
import OtpInput from '@/components/OtpInput';
import PageHeading from '@/components/PageHeading';
import { useMessage } from '@/components/useMessage';
import { OTP_LENGTH } from '@/shared/constants';
import { passwordResetConfirmSchema, passwordResetSchema } from '@/shared/password-reset';
import { toFieldErrors } from '@/shared/validation';
import { routeAfterLogin, useAuth } from '@/queries/auth';
import { authFormErrors } from '@/queries/errors';
import { account } from '@/queries/account';
import { failureReason, isOffline, serverMessage } from '../serverMessage';
import '../screens.css';

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => '');
type Errors = Partial<Record<string, string>>;

/**
 * "Forgot password?" (docs/product.md): the address, then the e-mailed 6-digit code with a new
 * password. Every earlier sign-in ends; this device then signs in with the new password.
 */
export default function ForgotPasswordScreen() {
  const { t } = useLingui();
  const translate = useMessage();
  const { status, login } = useAuth();
  const [, navigate] = useLocation();
  const id = useId();
  const [email, setEmail] = useState(useHistoryState<{ email?: string } | null>()?.email ?? '');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [code, setCode] = useState<string[]>(emptyCode);
  const [passwords, setPasswords] = useState({ new_password1: '', new_password2: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signingIn = useRef(false);

  if (status === 'authenticated' && !signingIn.current) return <Redirect to="/" replace />;

  const reset = () => {
    setErrors({});
    setGeneral(null);
    setReason(null);
    setNotice(null);
  };
  const fieldErrors = (fields: Record<string, string[]>): Errors =>
    Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, translate(messages[0])]));

  const sendCode = async (again: boolean) => {
    const parsed = passwordResetSchema.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrors(toFieldErrors(parsed.error.issues)));
    setBusy(true);
    try {
      await account.requestPasswordReset(parsed.data.email);
      setEmail(parsed.data.email);
      setStep('code');
      setCode(emptyCode());
      setNotice(again ? t`A new code has been sent.` : null);
    } catch (err) {
      setGeneral(serverMessage(err, t`The code could not be sent. Please try again in a moment.`));
      setReason(isOffline(err) ? err.message : null);
    } finally {
      setBusy(false);
    }
  };

  const onRequest = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    reset();
    await sendCode(false);
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    reset();
    const parsed = passwordResetConfirmSchema.safeParse({ email, code: code.join(''), ...passwords });
    if (!parsed.success) return setErrors(fieldErrors(toFieldErrors(parsed.error.issues)));
    setBusy(true);
    try {
      await account.confirmPasswordReset(parsed.data);
    } catch (err) {
      const fields = authFormErrors(err).fields;
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, message]) => [key, translate(message)])));
      setGeneral(t`Your password could not be reset.`);
      setReason(Object.keys(fields).length ? null : failureReason(err) || null);
      setBusy(false);
      return;
    }
    signingIn.current = true;
    try {
      const user = await login(parsed.data.email, parsed.data.new_password1);
      navigate(routeAfterLogin(user), { replace: true });
    } catch {
      // The new password is saved; signing in is left to the login page.
      signingIn.current = false;
      navigate('/login', { replace: true, state: { email: parsed.data.email } });
    }
  };

  const passwordField = (name: 'new_password1' | 'new_password2', label: ReactNode) => (
    <TextField
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      value={passwords[name]}
      error={errors[name]}
      disabled={busy}
      onChange={(value) => {
        setPasswords((v) => ({ ...v, [name]: value }));
        if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
      }}
    />
  );

  return (
    <main className="screen auth-screen">
      <div className="card auth-card">
        {step === 'email' ? (
          <>
            <PageHeading
              subtitle={<Trans>Enter the email of your account: we will send you a 6-digit code to choose a new password.</Trans>}
            >
              <Trans>Reset your password</Trans>
            </PageHeading>
            {general ? <Alert>{general}</Alert> : null}
            {reason ? <p className="form-reason">{reason}</p> : null}
            <form className="form" noValidate onSubmit={onRequest} aria-busy={busy}>
              <FormField label={<Trans>Email</Trans>} error={errors.email}>
                {(control) => (
                  <input
                    {...control}
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    value={email}
                    disabled={busy}
                    onChange={(event) => {
                      setEmail(event.target.value);
                      if (errors.email) setErrors({});
                    }}
                  />
                )}
              </FormField>
              <button type="submit" className="button button--primary button--block" disabled={busy}>
                {busy ? <Trans>Sending…</Trans> : <Trans>Send the code</Trans>}
              </button>
            </form>
          </>
        ) : (
          <>
            <PageHeading
              subtitle={
                <span id={`${id}-instructions`} className="auth-card__email">
                  <Trans>
                    If an account uses <strong>{email}</strong>, we sent it a 6-digit code. It is valid for 10 minutes.
                  </Trans>
                </span>
              }
            >
              <Trans>Choose a new password</Trans>
            </PageHeading>
            {notice ? <Alert kind="success">{notice}</Alert> : null}
            {general ? <Alert>{general}</Alert> : null}
            {reason ? <p className="form-reason">{reason}</p> : null}
            <form className="form" noValidate onSubmit={onConfirm} aria-busy={busy}>
              <OtpInput
                value={code}
                autoFocus
                onChange={(next) => {
                  setCode(next);
                  if (errors.code) setErrors((e) => ({ ...e, code: undefined }));
                }}
                disabled={busy}
                invalid={Boolean(errors.code)}
                labelledBy={`${id}-instructions`}
                describedBy={errors.code ? `${id}-code-error` : undefined}
              />
              {errors.code ? <Alert id={`${id}-code-error`}>{errors.code}</Alert> : null}
              {passwordField('new_password1', <Trans>New password</Trans>)}
              {passwordField('new_password2', <Trans>Confirm new password</Trans>)}
              <button type="submit" className="button button--primary button--block" disabled={busy}>
                {busy ? <Trans>Saving…</Trans> : <Trans>Reset password</Trans>}
              </button>
            </form>
            <p className="auth-card__switch">
              <Trans>Didn't get the code?</Trans>{' '}
              <button
                type="button"
                className="link-button"
                disabled={busy}
                onClick={() => {
                  reset();
                  void sendCode(true);
                }}
              >
                <Trans>Resend code</Trans>
              </button>
            </p>
          </>
        )}
        <p className="auth-card__switch">
          <Link href="/login">
            <Trans>Back to login</Trans>
          </Link>
        </p>
      </div>
    </main>
  );
}
