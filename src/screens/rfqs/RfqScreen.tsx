import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Redirect } from 'wouter';
import Alert from '@/components/Alert';
import BackLink from '@/components/BackLink';
import EmptyState from '@/components/EmptyState';
import PageHeading from '@/components/PageHeading';
import Spinner from '@/components/Spinner';
import { useCountryName } from '@/components/countries';
import { useAuth } from '@/queries/auth';
import { useCurrency } from '@/queries/rates';
import { closeRfq, useRfq, useRfqPictures, type RfqRow } from '@/queries/rfqs';
import { discardOutboxEntry, retryOutboxEntry } from '@/queries/status';
import { formatDate } from '@/shared/format';
import { ClosedReason, RfqStatusPill, useCategoryName } from './rfqText';
import QuoteComparison from './QuoteComparison';
import SupplierQuote from './SupplierQuote';
import { RfqPictures } from './RfqPictures';
import '../screens.css';
import './rfqs.css';

/**
 * /requests/{id} (docs/api.md#requests-for-quotation): the request, then for its buyer the quotes
 * compared side by side, for a supplier their quote or the form to send one. From the device;
 * a request posted here and sent meanwhile is followed to its server id.
 */
export default function RfqScreen({ params }: { params: { id: string } }) {
  const id = Number(params.id);
  const { data: rfq } = useRfq(id);
  if (!Number.isInteger(id)) return <Redirect to="/requests" replace />;
  // Not on the device yet (a link opened before the first pull brought it): the pull's arrival re-renders.
  if (rfq === null)
    return (
      <main className="screen rfq">
        <BackLink href="/requests">
          <Trans>Requests for quotation</Trans>
        </BackLink>
        <EmptyState title={<Trans>This request is not on this device yet</Trans>}>
          <Trans>It shows here as soon as the app has synced; a request you cannot see is not shown to you.</Trans>
        </EmptyState>
      </main>
    );
  if (!rfq) return <Spinner />;
  if (rfq.id !== id) return <Redirect to={`/requests/${rfq.id}`} replace />;
  return <RfqView rfq={rfq} />;
}

function RfqView({ rfq }: { rfq: RfqRow }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const currency = useCurrency();
  const countryName = useCountryName();
  const categoryName = useCategoryName();
  const [error, setError] = useState<string | null>(null);
  const { data: pictures = [] } = useRfqPictures(rfq);
  const mine = rfq.buyer.id === user?.id;
  // A picture that could not go up holds the request: Retry, or send the request without it.
  const failedPicture = pictures.some((p) => 'file' in p && p.failed !== null && p.outboxId === rfq.outboxId);
  const target = rfq.target_price ? currency.format(rfq.target_price) : null;

  const close = () => {
    if (!window.confirm(t`Close this request? Suppliers can no longer send quotes; the quotes you have stay.`)) return;
    setError(null);
    closeRfq(rfq).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };

  return (
    <main className="screen rfq">
      <BackLink href={mine ? '/requests?tab=mine' : '/requests'}>
        <Trans>Requests for quotation</Trans>
      </BackLink>
      <PageHeading>{rfq.title}</PageHeading>
      <p>
        <RfqStatusPill rfq={rfq} />{' '}
        {rfq.status === 'closed' ? (
          <span className="rfq__closed">
            <ClosedReason rfq={rfq} />
          </span>
        ) : null}
      </p>
      <dl className="rfq__facts">
        <dt>
          <Trans>Quantity</Trans>
        </dt>
        <dd>{rfq.quantity}</dd>
        <dt>
          <Trans>Target unit price</Trans>
        </dt>
        <dd>{target ?? <Trans>None given</Trans>}</dd>
        <dt>
          <Trans>Category</Trans>
        </dt>
        <dd>{categoryName(rfq.category)}</dd>
        <dt>
          <Trans>Deadline</Trans>
        </dt>
        <dd>{formatDate(rfq.deadline)}</dd>
        <dt>
          <Trans>Buyer</Trans>
        </dt>
        <dd>
          {rfq.buyer.name}
          {rfq.buyer.country ? `, ${countryName(rfq.buyer.country)}` : ''}
        </dd>
      </dl>
      <p className="rfq__description">{rfq.description}</p>
      <RfqPictures title={rfq.title} pictures={pictures} />
      {rfq.pending === 'failed' ? (
        <Alert>
          {failedPicture ? (
            <Trans>A picture could not be sent, so the request waits.</Trans>
          ) : (
            <Trans>This change could not be sent.</Trans>
          )}{' '}
          {rfq.error}
          {rfq.outboxId !== undefined ? (
            <>
              {' '}
              <button type="button" className="button button--small" onClick={() => retryOutboxEntry(rfq.outboxId as number)}>
                <Trans>Retry</Trans>
              </button>{' '}
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => discardOutboxEntry(rfq.outboxId as number)}
              >
                {failedPicture ? <Trans>Send without this picture</Trans> : <Trans>Discard</Trans>}
              </button>
            </>
          ) : null}
        </Alert>
      ) : rfq.pending === 'sending' ? (
        <p className="muted" role="status">
          <Trans>Saved on this device; it will be sent when the connection allows.</Trans>
        </p>
      ) : null}
      {mine && rfq.status === 'open' ? (
        <p>
          <button type="button" className="button button--ghost" onClick={close}>
            <Trans>Close the request</Trans>
          </button>
        </p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {mine ? <QuoteComparison rfq={rfq} /> : <SupplierQuote rfq={rfq} />}
    </main>
  );
}
