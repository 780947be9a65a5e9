import { Trans, useLingui } from '@lingui/react/macro';
import { type OutboxRow, useFailedChanges, discardOutboxEntry } from '../queries/status';

/**
 * Changes the server refused, on every screen: the row a change shows on can be gone from the
 * device (a product its supplier deleted while the buyer was offline takes its favourite and
 * review out of every list), so the user hears of it here rather than never.
 */
export default function FailedChanges() {
  const { t } = useLingui();
  const failed = useFailedChanges();
  if (failed.length === 0) return null;
  const what = (entry: OutboxRow) => {
    if (entry.kind.startsWith('favorite')) return t`Your favourite was not sent.`;
    if (entry.kind.startsWith('review')) return t`Your review was not sent.`;
    if (entry.kind === 'message.send') return t`Your message was not sent.`;
    if (entry.kind === 'report.create') return t`Your report was not sent.`;
    return t`Your change was not sent.`;
  };
  return (
    <div className="offline-banner offline-banner--error" role="alert">
      <ul className="failed-changes">
        {failed.map((entry) => (
          <li key={entry.seq}>
            <span>
              {what(entry)} {entry.error}
            </span>{' '}
            {/* biome-ignore lint/style/noNonNullAssertion: entries read from the outbox table carry their key. */}
            <button type="button" className="button button--small" onClick={() => void discardOutboxEntry(entry.seq!)}>
              <Trans>Discard</Trans>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
