import { Trans } from '@lingui/react/macro';
import { applyUpdate, usePwa } from './pwa';
import { useAppOutdated } from '../queries/status';

/** Offers a new version of the app once its service worker is installed and waiting. */
export default function UpdatePrompt() {
  const { updateReady } = usePwa();
  // An outdated app asks for the update over everything instead (UpdateRequired).
  const outdated = useAppOutdated();
  if (!updateReady || outdated) return null;
  return (
    <div className="toast update-prompt" role="status">
      <span>
        <Trans>A new version is available</Trans>
      </span>
      <button type="button" className="button button--primary button--small" onClick={applyUpdate}>
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}
