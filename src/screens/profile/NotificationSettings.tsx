import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@/components/Alert';
import { usePushSettings } from '@/queries/push';
import { PUSH_KINDS } from '@/shared/push';

/**
 * Notifications on this device (docs/product.md#notifications): turn them on, choose the kinds
 * (messages, offers, orders), and see when the browser has blocked them (only the browser's
 * own settings can undo that).
 */
export default function NotificationSettings() {
  const { t } = useLingui();
  const settings = usePushSettings();
  const labels = { messages: t`New messages`, offers: t`Offers and their answers`, orders: t`Orders` };
  return (
    <section aria-labelledby="settings-notifications" className="card profile__card">
      <h2 id="settings-notifications">
        <Trans>Notifications on this device</Trans>
      </h2>
      {settings.permission === 'unsupported' ? (
        <p>
          <Trans>This browser cannot show notifications from the app.</Trans>
        </p>
      ) : settings.permission === 'denied' ? (
        <Alert kind="info">
          <Trans>
            Notifications are blocked for this site in the browser. Allow them in the browser's site settings to turn them on here.
          </Trans>
        </Alert>
      ) : settings.permission === 'default' ? (
        <button type="button" className="button button--primary" disabled={settings.busy} onClick={() => void settings.enable()}>
          <Trans>Turn on notifications</Trans>
        </button>
      ) : (
        <fieldset className="form" disabled={settings.busy}>
          <legend>
            <Trans>Tell me about</Trans>
          </legend>
          {PUSH_KINDS.map((kind) => (
            <label key={kind} className="checkbox">
              <input
                type="checkbox"
                checked={settings.kinds[kind]}
                onChange={(event) => void settings.setKind(kind, event.target.checked)}
              />{' '}
              {labels[kind]}
            </label>
          ))}
        </fieldset>
      )}
      {settings.failed ? (
        <Alert>
          <Trans>Could not change the notifications. Check your connection and try again.</Trans>
        </Alert>
      ) : null}
    </section>
  );
}
