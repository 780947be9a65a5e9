import { Plural, Trans } from '@lingui/react/macro';
import { useOutboxStatus, useStorageError, useConnectivity, clearStorageError } from '../queries/status';
import FailedChanges from './FailedChanges';
import { WifiOffIcon } from '../components/icons';

/**
 * The engine's view of the network (not only navigator.onLine): offline, the app keeps working
 * from the local database and says how many changes wait to be sent. A full disk is shown here
 * too, with what was not saved, and every change the server refused.
 */
export default function OfflineIndicator() {
  const online = useConnectivity();
  const { pending } = useOutboxStatus();
  const storageError = useStorageError();
  return (
    <>
      {online ? null : (
        <div className="offline-banner" role="status">
          <WifiOffIcon />{' '}
          <span>
            <Trans>You are offline — showing saved data</Trans>
          </span>
          {pending > 0 ? (
            <span className="offline-banner__pending">
              <Plural value={pending} one="# change waits to be sent" other="# changes wait to be sent" />
            </span>
          ) : null}
        </div>
      )}
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
