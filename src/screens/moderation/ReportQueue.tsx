import { useId, useState, type FormEvent } from 'react';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import Alert from '@/components/Alert';
import FormField from '@/components/FormField';
import { REASON_LABELS } from '@/components/reportReasons';
import { useConnectivity } from '@/queries/status';
import { actionsFor, moderation, reversalFor, type ReportGroup, type Reversal } from '@/queries/moderation';
import { formatDate } from '@/shared/format';
import { MODERATION_REASON_MAX, REPORT_REASONS, type ModerationAction, type ReportReason } from '@/shared/trust';
import type { ModerationReport } from '@/shared/trust-schema';
import { serverMessage } from '../serverMessage';
import { ACTION_LABELS, LOGGED_ACTIONS, REVERSAL_LABELS, TARGET_LABELS } from './labels';
import ListState from './ListState';
import { useServerList } from './useServerList';

/** The open reports, one card per target, most-reported first; resolving a card resolves all of its reports. */
export default function ReportQueue() {
  const { t } = useLingui();
  const list = useServerList(moderation.openReports, t`Could not load the reports.`);
  return (
    <ListState {...list} reload={() => void list.reload()} empty={<Trans>No open reports. The queue is clear.</Trans>}>
      {(groups) => (
        <ul className="moderation__list" aria-label={t`Open reports`}>
          {groups.map((group) => (
            <li key={group.key}>
              <ReportCard
                group={group}
                onResolved={() => list.setItems((all) => all?.filter((g) => g.key !== group.key) ?? null)}
                onChanged={() => void list.reload()}
              />
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}

function ReportCard({ group, onResolved, onChanged }: { group: ReportGroup; onResolved(): void; onChanged(): void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const count = Math.max(group.first.reports_count, group.reports.length);
  const kind = i18n._(TARGET_LABELS[group.first.target_type]);
  return (
    <article className="card moderation__card" aria-labelledby={`${id}-title`}>
      <header className="moderation__card-head">
        <span className="moderation__kind">{kind}</span>
        <span className="moderation__count">{plural(count, { one: '# report', other: '# reports' })}</span>
      </header>
      <TargetSummary report={group.first} titleId={`${id}-title`} />
      <ul className="moderation__reports" aria-label={t`What the reporters said`}>
        {group.reports.map((report) => (
          <li key={report.id}>
            <p className="moderation__reason">
              <strong>{reasonLabel(report.reason, (descriptor) => i18n._(descriptor))}</strong>
              <span className="muted">
                {' · '}
                {report.reporter.name} · {formatDate(report.created_at)}
              </span>
            </p>
            {report.details ? <blockquote className="moderation__details">{report.details}</blockquote> : null}
          </li>
        ))}
      </ul>
      <TargetHistory group={group} />
      <ResolveForm group={group} onResolved={onResolved} onChanged={onChanged} />
    </article>
  );
}

/** A supplier's appeal of a hidden product joins the queue as a report with its own reason. */
const APPEAL_LABEL = msg`Appeal by the supplier`;

function reasonLabel(reason: string, translate: (descriptor: MessageDescriptor) => string): string {
  if ((REPORT_REASONS as readonly string[]).includes(reason)) return translate(REASON_LABELS[reason as ReportReason]);
  return reason === 'appeal' ? translate(APPEAL_LABEL) : reason;
}

type Target = {
  name?: string;
  text?: string;
  image_url?: string | null;
  supplier?: { id: number; name: string };
  sender?: { id: number; name: string };
  conversation?: number;
  is_hidden?: boolean;
  is_suspended?: boolean;
  moderation_reason?: string | null;
};

function TargetSummary({ report, titleId }: { report: ModerationReport; titleId: string }) {
  const target = report.target as (Target & { id: number }) | null;
  if (!target)
    return (
      <h3 id={titleId} className="moderation__target">
        <Trans>This was deleted.</Trans>
      </h3>
    );
  const state = target.is_hidden ? <Trans>Hidden</Trans> : target.is_suspended ? <Trans>Suspended</Trans> : null;
  const author = target.supplier ?? target.sender;
  const authorName = author?.name ?? '';
  return (
    <div className="moderation__target">
      <h3 id={titleId}>
        {report.target_type === 'product' ? (
          <Link href={`/products/${target.id}`}>{target.name}</Link>
        ) : report.target_type === 'user' ? (
          <Link href={`/users/${target.id}`}>{target.name}</Link>
        ) : (
          <Trans>Message from {authorName}</Trans>
        )}
        {state ? <span className="moderation__state">{state}</span> : null}
      </h3>
      {report.target_type === 'message' && target.text ? <blockquote className="moderation__quote">{target.text}</blockquote> : null}
      {report.target_type === 'product' && author ? (
        <p className="muted">
          <Trans>
            Sold by <Link href={`/users/${author.id}`}>{authorName}</Link>
          </Trans>
        </p>
      ) : null}
    </div>
  );
}

function ResolveForm({ group, onResolved, onChanged }: { group: ReportGroup; onResolved(): void; onChanged(): void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const actions = actionsFor(group.first);
  const reversal = reversalFor(group.first);
  const [action, setAction] = useState<ModerationAction | Reversal>('dismiss');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useConnectivity();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t`Give a reason: the reporters and the author are told it.`);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      if (action === 'restore' || action === 'reinstate') {
        await moderation.reverse(group, action, reason.trim());
        onChanged();
      } else {
        await moderation.resolve(group, action, reason.trim());
        onResolved();
      }
    } catch (err) {
      setFailure(serverMessage(err, t`Could not resolve these reports.`));
      setBusy(false);
    }
  };

  return (
    <form className="form moderation__resolve" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <fieldset className="moderation__actions">
        <legend>
          <Trans>Action</Trans>
        </legend>
        {actions.map((choice) => {
          const label = ACTION_LABELS[group.first.target_type][choice];
          return label ? (
            <label key={choice} className="moderation__choice">
              <input type="radio" name={`${id}-action`} value={choice} checked={action === choice} onChange={() => setAction(choice)} />
              {i18n._(label)}
            </label>
          ) : null;
        })}
        {reversal ? (
          <label className="moderation__choice">
            <input type="radio" name={`${id}-action`} value={reversal} checked={action === reversal} onChange={() => setAction(reversal)} />
            {i18n._(REVERSAL_LABELS[reversal])}
          </label>
        ) : null}
      </fieldset>
      <FormField label={<Trans>Reason (required)</Trans>} error={error}>
        {(control) => (
          <textarea
            {...control}
            name="reason"
            rows={2}
            maxLength={MODERATION_REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
        )}
      </FormField>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={busy || !online} aria-busy={busy || undefined}>
          {busy ? <Trans>Resolving…</Trans> : <Trans>Resolve</Trans>}
        </button>
      </div>
    </form>
  );
}

type History = Awaited<ReturnType<typeof moderation.history>>;

/** The target's earlier reports (resolved ones too) and every action taken on it, asked when opened. */
function TargetHistory({ group }: { group: ReportGroup }) {
  const { t, i18n } = useLingui();
  const [history, setHistory] = useState<History | null>(null);
  const [failed, setFailed] = useState(false);
  const load = async () => {
    setFailed(false);
    try {
      setHistory(await moderation.history(group));
    } catch {
      setFailed(true);
    }
  };
  const open = new Set(group.reports.map((r) => r.id));
  const earlier = history?.reports.filter((r) => !open.has(r.id)) ?? [];
  return (
    <details
      className="moderation__history"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open && !history) void load();
      }}
    >
      <summary>
        <Trans>History</Trans>
      </summary>
      {failed ? (
        <p className="field__error" role="alert">
          {t`Could not load the history.`}{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => void load()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : !history ? (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      ) : earlier.length === 0 && history.actions.length === 0 ? (
        <p className="muted">
          <Trans>No earlier reports or actions.</Trans>
        </p>
      ) : (
        <>
          {history.actions.length > 0 ? (
            <ul className="moderation__reports" aria-label={t`Actions taken`}>
              {history.actions.map((entry) => {
                const label = LOGGED_ACTIONS[entry.action];
                return (
                  <li key={entry.id}>
                    <p className="moderation__reason">
                      <strong>{label ? i18n._(label) : entry.action}</strong>
                      <span className="muted">
                        {' · '}
                        {entry.moderator?.name ?? ''} · {formatDate(entry.created_at)}
                      </span>
                    </p>
                    {entry.reason ? <blockquote className="moderation__details">{entry.reason}</blockquote> : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {earlier.length > 0 ? (
            <ul className="moderation__reports" aria-label={t`Earlier reports`}>
              {earlier.map((report) => (
                <li key={report.id}>
                  <p className="moderation__reason">
                    <strong>{reasonLabel(report.reason, (descriptor) => i18n._(descriptor))}</strong>
                    <span className="muted">
                      {' · '}
                      {report.reporter.name} · {formatDate(report.created_at)} ·{' '}
                      {report.status === 'open' ? <Trans>Open</Trans> : <Trans>Resolved</Trans>}
                    </span>
                  </p>
                  {report.details ? <blockquote className="moderation__details">{report.details}</blockquote> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </details>
  );
}
