import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import Alert from '@/components/Alert';
import FormField from '@/components/FormField';
import { showToast } from '@/components/Toast';
import { account } from '@/queries/account';
import { useAuth } from '@/queries/auth';
import { confirmLeaving } from '@/components/SignOut';
import { serverMessage } from '../serverMessage';

/** How long "Account deleted successfully." stays in the dialog before signing out. */
export const SIGN_OUT_AFTER_DELETE_MS = 1500;

/**
 * The danger zone (docs/product.md#screens, #notifications): deleting the account in a modal that asks for the password,
 * then sign out and go to /login.
 */
export default function DeleteAccount() {
  const { t } = useLingui();
  const id = useId();
  const { logout, user } = useAuth();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [busy, setBusy] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(async () => {
      showToast(t`Account deleted successfully.`, 'success', 4000);
      await logout();
      navigate('/login', { replace: true });
    }, SIGN_OUT_AFTER_DELETE_MS);
    return () => clearTimeout(timer);
  }, [deleted, logout, navigate, t]);

  const close = () => {
    if (busy || deleted) return;
    setOpen(false);
    setPassword('');
    setFieldError(null);
    setError(null);
    trigger.current?.focus();
  };

  /** Escape closes; Tab stays inside the dialog. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') return close();
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = Array.from(dialog.current.querySelectorAll<HTMLElement>('input, button:not([disabled])'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || deleted) return;
    setError(null);
    if (!password) {
      setFieldError(t`Password is required to confirm deletion.`);
      input.current?.focus();
      return;
    }
    setFieldError(null);
    // Deleting signs out too: unsent changes are asked about first, as for any way out.
    if (user && !(await confirmLeaving(user.id))) return;
    setBusy(true);
    try {
      await account.deleteAccount(password);
      setDeleted(true);
    } catch (err) {
      setError(serverMessage(err, t`Failed to delete account. Please check your password.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="settings-danger" className="card profile__card profile__danger">
      <h2 id="settings-danger">
        <Trans>Danger zone</Trans>
      </h2>
      <p className="muted">
        <Trans>Deleting your account removes your profile, products, reviews, favourites and conversations for good.</Trans>
      </p>
      <button ref={trigger} type="button" className="button button--danger" onClick={() => setOpen(true)}>
        <Trans>Delete account</Trans>
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes the dialog; the keyboard closes it with Escape.
        // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes the dialog; the keyboard closes it with Escape.
        <div
          className="modal-backdrop"
          onClick={(event) => {
            if (event.target === event.currentTarget) close();
          }}
        >
          <div
            ref={dialog}
            className="modal card"
            role="dialog"
            aria-modal="true"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-text`}
            onKeyDown={onKeyDown}
          >
            <h2 id={`${id}-title`}>
              <Trans>Delete your account?</Trans>
            </h2>
            <p id={`${id}-text`}>
              <Trans>This cannot be undone. Enter your password to confirm.</Trans>
            </p>
            <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
              <FormField label={<Trans>Password</Trans>} error={fieldError}>
                {(control) => (
                  <input
                    {...control}
                    ref={input}
                    type="password"
                    name="password"
                    autoComplete="current-password"
                    required
                    value={password}
                    disabled={busy || deleted}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                )}
              </FormField>
              {error ? <Alert>{error}</Alert> : null}
              {deleted ? <Alert kind="success">{t`Account deleted successfully.`}</Alert> : null}
              <div className="modal__actions">
                <button type="button" className="button" onClick={close} disabled={busy || deleted}>
                  <Trans>Cancel</Trans>
                </button>
                <button type="submit" className="button button--danger" disabled={busy || deleted}>
                  {busy ? <Trans>Deleting…</Trans> : <Trans>Delete my account</Trans>}
                </button>
              </div>
            </form>
          </div>
        </div>
      ) : null}
    </section>
  );
}
