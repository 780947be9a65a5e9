import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useSignOut } from '@/components/SignOut';
import { useAuth } from '@/queries/auth';
import BlockedAccounts from './BlockedAccounts';
import CurrencySettings from './CurrencySettings';
import DeleteAccount from './DeleteAccount';
import NotificationSettings from './NotificationSettings';
import OfflineData from './OfflineData';
import PasswordForm from './PasswordForm';

/** Settings tab (docs/product.md#screens): password, default currency, notifications, blocked accounts, moderation (moderators), legal links, offline data, session, danger zone. */
export default function SettingsTab() {
  const signOut = useSignOut();
  const { user } = useAuth();
  return (
    <div className="profile__settings">
      <PasswordForm />
      <CurrencySettings />
      <NotificationSettings />
      {user?.user_type === 'SUPPLIER' ? (
        <section aria-labelledby="settings-verification" className="card profile__card">
          <h2 id="settings-verification">
            <Trans>Business verification</Trans>
          </h2>
          <p className="form-reason">
            <Trans>Have your business registration checked, so buyers see what was checked and when.</Trans>
          </p>
          <Link href="/profile/verification" className="button">
            <Trans>Open business verification</Trans>
          </Link>
        </section>
      ) : null}
      {user?.is_moderator ? (
        <section aria-labelledby="settings-moderation" className="card profile__card">
          <h2 id="settings-moderation">
            <Trans>Moderation</Trans>
          </h2>
          <p className="form-reason">
            <Trans>The report queue, business verification requests and the action log.</Trans>
          </p>
          <Link href="/moderation" className="button">
            <Trans>Open moderation</Trans>
          </Link>
        </section>
      ) : null}
      <BlockedAccounts />
      <section aria-labelledby="settings-legal" className="card profile__card">
        <h2 id="settings-legal">
          <Trans>Legal</Trans>
        </h2>
        <ul className="link-list">
          <li>
            <Link href="/privacy-policy">
              <Trans>Privacy Policy</Trans>
            </Link>
          </li>
          <li>
            <Link href="/terms-of-service">
              <Trans>Terms of Service</Trans>
            </Link>
          </li>
        </ul>
      </section>
      <OfflineData />
      <section aria-labelledby="settings-session" className="card profile__card">
        <h2 id="settings-session">
          <Trans>Session</Trans>
        </h2>
        <button type="button" className="button" onClick={() => void signOut()}>
          <Trans>Log out</Trans>
        </button>
      </section>
      <DeleteAccount />
    </div>
  );
}
