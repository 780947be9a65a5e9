import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@/components/Alert';
import { useSyncStatus } from '@/queries/status';
import { clearOfflineCopy, storageEstimate } from '@/queries/storage';
import { formatNumber, formatRelativeTime } from '@/shared/format';
import PictureBudget from './PictureBudget';
import CatalogueBudget from './CatalogueBudget';
import { useWorkingSet } from '@/queries/storage';

function megabytes(bytes: number): string {
  return formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 });
}

/** What this device keeps for offline use (the data layer's status) and a way to drop the catalogue copy. */
export default function OfflineData() {
  const { t } = useLingui();
  const status = useSyncStatus();
  const [usage, setUsage] = useState<{ usage: number; quota: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const { held, total, done } = status.catalogue;
  const workingSet = useWorkingSet();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the storage used changes as the held catalogue does.
  useEffect(() => {
    let active = true;
    void storageEstimate().then((estimate) => active && setUsage(estimate));
    return () => {
      active = false;
    };
  }, [held]);

  const clear = async () => {
    setBusy(true);
    setResult(null);
    try {
      await clearOfflineCopy();
      setResult({ kind: 'success', message: t`The offline copy of the catalogue was cleared.` });
    } catch (err) {
      console.warn('Could not clear the offline copy', err);
      setResult({ kind: 'error', message: t`Could not clear the offline copy.` });
    } finally {
      setBusy(false);
    }
  };

  const lastSynced = status.lastSyncedAt ? formatRelativeTime(status.lastSyncedAt) : null;
  return (
    <section aria-labelledby="settings-offline" className="card profile__card">
      <h2 id="settings-offline">
        <Trans>Offline data</Trans>
      </h2>
      <dl className="details-list">
        <div className="details-list__row">
          <dt>
            <Trans>Connection</Trans>
          </dt>
          <dd>
            {!status.online ? (
              <Trans>Offline</Trans>
            ) : status.troubled ? (
              <Trans>Online — the server is having trouble</Trans>
            ) : (
              <Trans>Online</Trans>
            )}
          </dd>
        </div>
        <div className="details-list__row">
          <dt>
            <Trans>Last synced</Trans>
          </dt>
          <dd>{lastSynced ?? <Trans>Not synced yet</Trans>}</dd>
        </div>
        <div className="details-list__row">
          <dt>
            <Trans>Catalogue saved on this device</Trans>
          </dt>
          <dd>
            {total !== null ? (
              <Trans>
                {held} of {total} products
              </Trans>
            ) : (
              <Trans>{held} products</Trans>
            )}
            {' · '}
            {workingSet?.bounded ? (
              <Trans>a selection within the budget</Trans>
            ) : done ? (
              <Trans>complete</Trans>
            ) : (
              <Trans>in progress</Trans>
            )}
          </dd>
        </div>
        {usage ? (
          <div className="details-list__row">
            <dt>
              <Trans>Storage used</Trans>
            </dt>
            <dd>
              <Trans>
                {megabytes(usage.usage)} MB of {megabytes(usage.quota)} MB
              </Trans>
            </dd>
          </div>
        ) : null}
        <CatalogueBudget />
        <PictureBudget />
      </dl>
      {status.storageError ? <Alert>{status.storageError}</Alert> : null}
      {result ? <Alert kind={result.kind}>{result.message}</Alert> : null}
      <button type="button" className="button" disabled={busy} onClick={clear}>
        {busy ? <Trans>Clearing…</Trans> : <Trans>Clear offline copy</Trans>}
      </button>
    </section>
  );
}
