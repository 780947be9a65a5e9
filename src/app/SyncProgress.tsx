import { Trans } from '@lingui/react/macro';
import { useSyncStatus } from '../queries/status';
import { formatNumber } from '../shared/format';

/**
 * While the catalogue is first saved for offline use, how far it got ("so many of so many
 * products"). Screens never wait for it: they fetch what they show on demand. A device holding
 * a working set (docs/sync.md#working-set) shows none: it never means to hold them all.
 */
export default function SyncProgress() {
  const { online, catalogue } = useSyncStatus();
  if (
    !online ||
    catalogue.done ||
    catalogue.bounded ||
    catalogue.total === null ||
    catalogue.total === 0 ||
    catalogue.held >= catalogue.total
  )
    return null;
  const held = formatNumber(catalogue.held);
  const total = formatNumber(catalogue.total);
  return (
    <div className="sync-progress" role="status">
      <span>
        <Trans>
          Saving products for offline use: {held} of {total}
        </Trans>
      </span>
      <progress value={catalogue.held} max={catalogue.total} aria-hidden="true" />
    </div>
  );
}
