import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import Alert from '@/components/Alert';
import OtpInput from '@/components/OtpInput';
import PageHeading from '@/components/PageHeading';
import { useMessage } from '@/components/useMessage';
import { OTP_LENGTH } from '@/shared/constants';
import { otpSchema } from '@/shared/validation';
import { useAuth } from '@/queries/auth';
import { failureReason, isOffline, serverMessage } from '../serverMessage';
import ChoosePasswordStep from './ChoosePasswordStep';
import '../screens.css';

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * Email code entry (docs/product.md#screens): six digit boxes; a correct code signs the user in (direct
 * token login) and goes home. The email arrives in navigation state from sign-up or login.
 * When the server asks for a new password (the code came without proof of this sign-up),
 * the new password is chosen here first.
 */
export default function VerifyOtpScreen() {
  const { t } = useLingui();
  const translate = useMessage();
  const { verifyOtp, resendOtp } = useAuth();
  const [, navigate] = useLocation();
  // Read once: signing in navigates away (replacing the state), and the email must not vanish first.
  const [email] = useState(useHistoryState<{ email?: string } | null>()?.email);
  const id = useId();

  const [code, setCode] = useState<string[]>(emptyCode);
  const [error, setError] = useState<string | null>(null);
  // The server's reason or the connection problem, beside the spec's failure message.
  const [reason, setReason] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [choosingPassword, setChoosingPassword] = useState(false);

  if (!email) return <Redirect to="/login" replace />;
  const goHome = () => navigate('/', { replace: true });

  if (choosingPassword) {
    return (
      <main className="screen auth-screen">
        <div className="card auth-card">
          <ChoosePasswordStep onDone={goHome} />
        </div>
      </main>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (verifying) return;
    setNotice(null);
    const parsed = otpSchema.safeParse({ email, otp: code.join('') });
    if (!parsed.success) {
      const otpIssue = parsed.error.issues.find((issue) => issue.path[0] === 'otp');
      setError(translate(otpIssue?.message ?? parsed.error.issues[0].message));
      return;
    }
    setError(null);
    setReason(null);
    setVerifying(true);
    try {
      const { mustSetPassword } = await verifyOtp(parsed.data.email, parsed.data.otp);
      if (mustSetPassword) setChoosingPassword(true);
      else goHome();
    } catch (err) {
      setError(serverMessage(err, t`Verification failed. Please check the code and try again.`));
      setReason(isOffline(err) ? err.message : null);
      setVerifying(false);
    }
  };

  const onResend = async () => {
    if (resending) return;
    setError(null);
    setReason(null);
    setNotice(null);
    setResending(true);
    try {
      await resendOtp(email);
      setCode(emptyCode());
      setNotice(t`A new OTP has been sent to your email.`);
    } catch (err) {
      setError(t`Failed to resend OTP. Please try again in a moment.`);
      setReason(failureReason(err) || null);
    } finally {
      setResending(false);
    }
  };

  return (
    <main className="screen auth-screen">
      <div className="card auth-card">
        <PageHeading
          subtitle={
            <span id={`${id}-instructions`}>
              <Trans>
                Enter the 6-digit code we sent to <strong>{email}</strong>.
              </Trans>
            </span>
          }
        >
          <Trans>Verify your email</Trans>
        </PageHeading>
        {notice ? <Alert kind="success">{notice}</Alert> : null}
        <form className="form" noValidate onSubmit={onSubmit} aria-busy={verifying}>
          <OtpInput
            value={code}
            autoFocus
            onChange={(next) => {
              setCode(next);
              if (error) setError(null);
            }}
            disabled={verifying}
            invalid={Boolean(error)}
            labelledBy={`${id}-instructions`}
            describedBy={error ? `${id}-error` : undefined}
          />
          {error ? <Alert id={`${id}-error`}>{error}</Alert> : null}
          {reason ? <p className="form-reason">{reason}</p> : null}
          <button type="submit" className="button button--primary button--block" disabled={verifying}>
            {verifying ? <Trans>Verifying…</Trans> : <Trans>Verify</Trans>}
          </button>
        </form>
        <p className="auth-card__switch">
          <Trans>Didn't get the code?</Trans>{' '}
          <button type="button" className="link-button" onClick={onResend} disabled={resending || verifying}>
            {resending ? <Trans>Sending…</Trans> : <Trans>Resend code</Trans>}
          </button>
        </p>
        <p className="auth-card__switch">
          <Link href="/login">
            <Trans>Back to login</Trans>
          </Link>
        </p>
      </div>
    </main>
  );
}
