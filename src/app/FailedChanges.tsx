import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxRow } from '../data/db';
import { discardOutboxEntry } from '../sync/intents';

/**
 * Changes the server refused, on every screen: the row a change shows on can be gone from the
 * device (a product its supplier deleted while the buyer was offline takes its favourite and
 * review out of every list), so the user hears of it here rather than never.
 */
export default function FailedChanges() {
  const { t } = useLingui();
  const failed = useLiveQuery(async () => {
    // Entries kept through a silent sign-out belong to their own user only.
    const userId = (await db.syncState.get('session'))?.user_id ?? null;
    return (await db.outbox.where('state').equals('failed').toArray()).filter((e) => e.user_id === userId);
  }, [], []);
  if (failed.length === 0) return null;
  const what = (entry: OutboxRow) => {
    if (entry.kind.startsWith('favorite')) return t`Your favourite was not sent.`;
    if (entry.kind.startsWith('review')) return t`Your review was not sent.`;
    if (entry.kind === 'message.send') return t`Your message was not sent.`;
    return t`Your change was not sent.`;
  };
  return (
    <div className="offline-banner offline-banner--error" role="alert">
      <ul className="failed-changes">
        {failed.map((entry) => (
          <li key={entry.seq}>
            <span>{what(entry)} {entry.error}</span>{' '}
            <button type="button" className="button button--small" onClick={() => void discardOutboxEntry(entry.seq!)}><Trans>Discard</Trans></button>
          </li>
        ))}
      </ul>
    </div>
  );
}
