import { useId, useState, type FormEvent } from 'react';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import Alert from '@/components/Alert';
import FormField from '@/components/FormField';
import { REASON_LABELS } from '@/components/reportReasons';
import { useConnectivity } from '@/queries/status';
import { actionsFor, moderation, type ReportGroup } from '@/queries/moderation';
import { formatDate } from '@/shared/format';
import { MODERATION_REASON_MAX, REPORT_REASONS, type ModerationAction, type ModerationReport, type ReportReason } from '@/shared/trust';
import { serverMessage } from '../serverMessage';
import { ACTION_LABELS, TARGET_LABELS } from './labels';
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
              <ReportCard group={group} onResolved={() => list.setItems((all) => all?.filter((g) => g.key !== group.key) ?? null)} />
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}

function ReportCard({ group, onResolved }: { group: ReportGroup; onResolved(): void }) {
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
      <ResolveForm group={group} onResolved={onResolved} />
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

function ResolveForm({ group, onResolved }: { group: ReportGroup; onResolved(): void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const actions = actionsFor(group.first);
  const [action, setAction] = useState<ModerationAction>('dismiss');
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
      await moderation.resolve(group, action, reason.trim());
      onResolved();
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
