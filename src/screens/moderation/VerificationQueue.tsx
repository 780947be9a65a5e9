import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import Alert from '@/components/Alert';
import FormField from '@/components/FormField';
import { moderation } from '@/queries/moderation';
import { useConnectivity } from '@/queries/status';
import { formatDate } from '@/shared/format';
import { MODERATION_REASON_MAX, REGISTRIES, registryNumberValid, type Registry } from '@/shared/trust';
import type { VerificationRequest } from '@/shared/trust-schema';
import { serverMessage } from '../serverMessage';
import ListState from './ListState';
import { useServerList } from './useServerList';

/** Pending business verification requests, oldest first: approve, or reject with the reason the supplier reads. */
export default function VerificationQueue() {
  const { t } = useLingui();
  const list = useServerList(moderation.pendingVerifications, t`Could not load the verification requests.`);
  return (
    <ListState {...list} reload={() => void list.reload()} empty={<Trans>No verification requests are waiting.</Trans>}>
      {(requests) => (
        <ul className="moderation__list" aria-label={t`Verification requests`}>
          {requests.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} onDecided={() => list.setItems((all) => all?.filter((r) => r.id !== request.id) ?? null)} />
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}

function RequestCard({ request, onDecided }: { request: VerificationRequest; onDecided(): void }) {
  const { t } = useLingui();
  const id = useId();
  const online = useConnectivity();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const registry = request.registry;
  const number = request.registry_number;
  const sent = formatDate(request.created_at);
  const known = registry in REGISTRIES;
  const formatOk = known && registryNumberValid(registry as Registry, number);

  const decide = async (approve: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      if (approve) await moderation.approve(request.id);
      else await moderation.reject(request.id, reason.trim());
      onDecided();
    } catch (err) {
      setFailure(serverMessage(err, t`Could not record the decision.`));
      setBusy(false);
    }
  };
  const onReject = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t`Give a reason: the supplier reads it and can send a corrected request.`);
      return;
    }
    void decide(false);
  };

  return (
    <article className="card moderation__card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="moderation__target">
        <Link href={`/users/${request.supplier.id}`}>{request.supplier.name}</Link>
      </h3>
      <dl className="moderation__facts">
        <dt>
          <Trans>Registry</Trans>
        </dt>
        <dd>{registry}</dd>
        <dt>
          <Trans>Registration number</Trans>
        </dt>
        <dd>
          <span className="moderation__number">{number}</span>{' '}
          {formatOk ? null : (
            <span className="moderation__state">
              <Trans>Does not match the registry's format</Trans>
            </span>
          )}
        </dd>
        <dt>
          <Trans>Sent</Trans>
        </dt>
        <dd>{sent}</dd>
      </dl>
      <a href={request.document} target="_blank" rel="noreferrer" className="moderation__document">
        <Trans>Open the certificate</Trans>
      </a>
      {failure ? <Alert>{failure}</Alert> : null}
      {rejecting ? (
        <form className="form moderation__resolve" noValidate onSubmit={onReject} aria-busy={busy}>
          <FormField label={<Trans>Reason for rejecting (required)</Trans>} error={error}>
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
          <div className="form-actions">
            <button type="button" className="button" onClick={() => setRejecting(false)} disabled={busy}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="button button--danger" disabled={busy || !online}>
              <Trans>Reject with this reason</Trans>
            </button>
          </div>
        </form>
      ) : (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setRejecting(true)} disabled={busy || !online}>
            <Trans>Reject…</Trans>
          </button>
          <button type="button" className="button button--primary" onClick={() => void decide(true)} disabled={busy || !online}>
            <Trans>Approve</Trans>
          </button>
        </div>
      )}
    </article>
  );
}
