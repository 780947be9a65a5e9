import { Trans, useLingui } from '@lingui/react/macro';
import { moderation } from '@/queries/moderation';
import { formatDate } from '@/shared/format';
import type { ModerationActionEntry } from '@/shared/trust-schema';
import { LOGGED_ACTIONS, LOGGED_TARGETS } from './labels';
import ListState from './ListState';
import { useServerList } from './useServerList';

/** Every moderation action, newest first: who did what to what, when and why (docs/product.md#trust-and-safety). */
export default function ActionLog() {
  const { t } = useLingui();
  const list = useServerList(moderation.actionLog, t`Could not load the action log.`);
  return (
    <ListState {...list} reload={() => void list.reload()} empty={<Trans>No action has been taken yet.</Trans>}>
      {(entries) => (
        <ol className="moderation__log" aria-label={t`Action log`}>
          {entries.map((entry) => (
            <LogEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </ListState>
  );
}

function LogEntry({ entry }: { entry: ModerationActionEntry }) {
  const { i18n } = useLingui();
  const label = LOGGED_ACTIONS[entry.action];
  const what = label ? i18n._(label) : entry.action;
  const kind = LOGGED_TARGETS[entry.target_type];
  const target = `${kind ? i18n._(kind) : entry.target_type} #${entry.target_id}`;
  const who = entry.moderator?.name ?? '';
  const when = formatDate(entry.created_at, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="card moderation__entry">
      <p>
        <strong>{what}</strong> <span className="moderation__number">{target}</span>
      </p>
      {entry.reason ? <p className="moderation__details">{entry.reason}</p> : null}
      <p className="muted">
        <Trans>
          {who}, {when}
        </Trans>
      </p>
    </li>
  );
}
