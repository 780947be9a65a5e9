import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import Alert from '@/components/Alert';
import TextField from '@/components/TextField';
import PageHeading from '@/components/PageHeading';
import Spinner from '@/components/Spinner';
import CountryField from '@/components/CountryField';
import { useMessage } from '@/components/useMessage';
import { DEFAULT_COUNTRY } from '@/shared/constants';
import { routeAfterLogin, useAuth } from '@/queries/auth';
import { authFormErrors, errorDetail, signupErrorMessage } from '@/queries/errors';
import { isOffline } from '../serverMessage';
import '../screens.css';

type Mode = 'login' | 'signup';

/**
 * The form's rules (zod) are a chunk of their own: the page shows without them, and they are
 * fetched as soon as the visitor starts filling the form in, well before it is sent.
 */
const loadValidation = () => import('@/shared/validation');

/** Form values under the API's own field names, so server field errors land on the right input. */
const EMPTY = {
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  country: DEFAULT_COUNTRY as string,
  password: '',
  password1: '',
  password2: '',
};
type Values = typeof EMPTY;
type Name = keyof Values;
type Errors = Partial<Record<string, string>>;

/** Combined login and sign-up (docs/product.md#screens): a toggle switches modes and clears form and errors. */
export default function LoginScreen() {
  const { t } = useLingui();
  const translate = useMessage();
  const { status, login, register } = useAuth();
  const [, navigate] = useLocation();
  const from = useHistoryState<{ from?: string } | null>()?.from;

  const [mode, setMode] = useState<Mode>('login');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  // The spec's failure message always shows; when the server was out of reach, this says why.
  const [connectionProblem, setConnectionProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Set while this screen signs the user in, so the "already signed in" redirect does not
  // race the after-login route (onboarding, code entry or the page asked for).
  const signingIn = useRef(false);

  if (status === 'authenticated' && !signingIn.current) return <Redirect to="/" replace />;
  if (status === 'loading') return <Spinner label={t`Authenticating...`} />;

  const switchMode = () => {
    setMode(mode === 'login' ? 'signup' : 'login');
    setValues(EMPTY);
    setErrors({});
    setGeneral(null);
    setConnectionProblem(null);
  };

  const set = (name: Name) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  /** Shows field errors and moves focus to the first field that has one. */
  const showErrors = (next: Errors) => {
    setErrors(next);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const firstMessages = (fieldErrors: Record<string, string[]>): Errors =>
    Object.fromEntries(Object.entries(fieldErrors).map(([key, messages]) => [key, translate(messages[0])]));

  /** Server errors (docs/product.md#messages): the first message per field, non_field_errors under the password. */
  const serverFieldErrors = (err: unknown, passwordField: Name): Errors => {
    const parsed = authFormErrors(err);
    const fields: Errors = Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, translate(v)]));
    if (parsed.password) fields[passwordField] = translate(parsed.password);
    return fields;
  };

  const submitLogin = async () => {
    const { loginSchema, toFieldErrors } = await loadValidation();
    const parsed = loginSchema.safeParse({ email: values.email, password: values.password });
    if (!parsed.success) return showErrors(firstMessages(toFieldErrors(parsed.error.issues)));
    signingIn.current = true;
    try {
      const user = await login(parsed.data.email, parsed.data.password);
      const to = routeAfterLogin(user, from);
      // Replace /login: going back after signing in should not show the form again.
      navigate(to, { replace: true, state: to === '/verify-otp' ? { email: user.email } : null });
    } catch (err) {
      signingIn.current = false;
      // The server never saw the credentials: say so, not "check credentials".
      if (isOffline(err)) return setConnectionProblem(t`Could not reach the server. Check your connection and try again.`);
      showErrors(serverFieldErrors(err, 'password'));
      setGeneral(errorDetail(err, t`Login failed. Please check credentials.`));
    }
  };

  const submitSignup = async () => {
    const { first_name, last_name, email, phone_number, country, password1, password2 } = values;
    const { registrationSchema, toFieldErrors } = await loadValidation();
    const parsed = registrationSchema.safeParse({ first_name, last_name, email, phone_number, country, password1, password2 });
    if (!parsed.success) return showErrors(firstMessages(toFieldErrors(parsed.error.issues)));
    try {
      await register(parsed.data);
      navigate('/verify-otp', { state: { email: parsed.data.email } });
    } catch (err) {
      if (isOffline(err)) return setConnectionProblem(t`Could not reach the server. Check your connection and try again.`);
      showErrors(serverFieldErrors(err, 'password1'));
      setGeneral(errorDetail(err, '') || signupErrorMessage(err));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setGeneral(null);
    setConnectionProblem(null);
    setErrors({});
    setBusy(true);
    try {
      await (mode === 'login' ? submitLogin() : submitSignup());
    } catch {
      // Only the rules' chunk can fail here (offline on a first visit): the form was not sent.
      setConnectionProblem(t`Could not reach the server. Check your connection and try again.`);
    } finally {
      setBusy(false);
    }
  };

  const input = (name: Name, label: ReactNode, type: string, autoComplete: string) => (
    <TextField
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      disabled={busy}
      onChange={set(name)}
    />
  );

  const signup = mode === 'signup';
  return (
    <main className="screen auth-screen">
      <div className="card auth-card">
        <PageHeading
          subtitle={
            signup ? <Trans>Join buyers and suppliers across the marketplace.</Trans> : <Trans>Welcome back! Sign in to continue.</Trans>
          }
        >
          {signup ? <Trans>Create an account</Trans> : <Trans>Log in</Trans>}
        </PageHeading>
        {general ? <Alert>{general}</Alert> : null}
        {connectionProblem ? (
          <Alert>
            {connectionProblem}{' '}
            <button type="button" className="button button--small" disabled={busy} onClick={() => form.current?.requestSubmit()}>
              <Trans>Try again</Trans>
            </button>
          </Alert>
        ) : null}
        <form
          ref={form}
          className="form"
          noValidate
          onSubmit={onSubmit}
          onFocus={() => void loadValidation().catch(() => undefined)}
          aria-busy={busy}
        >
          {signup ? (
            <>
              <div className="form__row">
                {input('first_name', <Trans>First name</Trans>, 'text', 'given-name')}
                {input('last_name', <Trans>Last name</Trans>, 'text', 'family-name')}
              </div>
              {input('email', <Trans>Email</Trans>, 'email', 'email')}
              {input('phone_number', <Trans>Phone number</Trans>, 'tel', 'tel')}
              <CountryField value={values.country} error={errors.country} disabled={busy} onChange={set('country')} />
              {input('password1', <Trans>Password</Trans>, 'password', 'new-password')}
              {input('password2', <Trans>Confirm password</Trans>, 'password', 'new-password')}
            </>
          ) : (
            <>
              {input('email', <Trans>Email</Trans>, 'email', 'email')}
              {input('password', <Trans>Password</Trans>, 'password', 'current-password')}
              <p className="auth-card__forgot">
                <Link href="/forgot-password" state={{ email: values.email.trim() }}>
                  <Trans>Forgot password?</Trans>
                </Link>
              </p>
            </>
          )}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {signup ? (
              busy ? (
                <Trans>Creating your account…</Trans>
              ) : (
                <Trans>Sign up</Trans>
              )
            ) : busy ? (
              <Trans>Signing in…</Trans>
            ) : (
              <Trans>Log in</Trans>
            )}
          </button>
        </form>
        <p className="auth-card__switch">
          {signup ? <Trans>Already have an account?</Trans> : <Trans>Don't have an account?</Trans>}{' '}
          <button type="button" className="link-button" onClick={switchMode} disabled={busy}>
            {signup ? <Trans>Log in instead</Trans> : <Trans>Sign up instead</Trans>}
          </button>
        </p>
        {signup ? (
          <p className="auth-card__legal">
            <Trans>
              By signing up you agree to our <Link href="/terms-of-service">Terms of Service</Link> and{' '}
              <Link href="/privacy-policy">Privacy Policy</Link>.
            </Trans>
          </p>
        ) : null}
      </div>
    </main>
  );
}
