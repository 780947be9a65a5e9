import { Trans } from '@lingui/react/macro';
import { useOnline } from './hooks';
import { WifiOffIcon } from './icons';

/** Shown whenever the device is offline: the app keeps working from the local database. */
export default function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <WifiOffIcon /> <span><Trans>You are offline — showing saved data</Trans></span>
    </div>
  );
}
