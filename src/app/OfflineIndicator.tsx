import { Plural, Trans } from '@lingui/react/macro';
import { useOutboxStatus, useStorageError, useConnectivity, useServerTrouble, clearStorageError } from '../queries/status';
import FailedChanges from './FailedChanges';
import { WifiOffIcon } from '../components/icons';

/**
 * The engine's view of the network (not only navigator.onLine): offline, the app keeps working
 * from the local database and says how many changes wait to be sent. A server that answers
 * with errors (5xx, 429) is told apart from being offline: the app keeps working the same way.
 * A full disk is shown here too, with what was not saved, and every change the server refused.
 */
export default function OfflineIndicator() {
  const online = useConnectivity();
  const troubled = useServerTrouble();
  const { pending } = useOutboxStatus();
  const storageError = useStorageError();
  const waiting =
    pending > 0 ? (
      <span className="offline-banner__pending">
        <Plural value={pending} one="# change waits to be sent" other="# changes wait to be sent" />
      </span>
    ) : null;
  return (
    <>
      {!online ? (
        <div className="offline-banner" role="status">
          <WifiOffIcon />{' '}
          <span>
            <Trans>You are offline — showing saved data</Trans>
          </span>
          {waiting}
        </div>
      ) : troubled ? (
        <div className="offline-banner offline-banner--trouble" role="status">
          <span>
            <Trans>The server is having trouble — your changes are kept and will be sent</Trans>
          </span>
          {waiting}
        </div>
      ) : null}
      {storageError ? (
        <div className="offline-banner offline-banner--error" role="alert">
          <span>{storageError}</span>
          <button type="button" className="button button--small" onClick={clearStorageError}>
            <Trans>Dismiss</Trans>
          </button>
        </div>
      ) : null}
      <FailedChanges />
    </>
  );
}
