import { Trans } from '@lingui/react/macro';
import { useCategories } from '@/queries/categories';
import { useContentText } from '@/queries/content';
import type { RfqRow } from '@/queries/rfqs';
import { formatDate } from '@/shared/format';
import { RFQ_MAX_QUOTES } from '@/shared/rfqs';

/** Why a request is closed, in words (docs/api.md#requests-for-quotation): its deadline, its tenth quote, or its buyer. */
export function ClosedReason({ rfq }: { rfq: Pick<RfqRow, 'closed_reason' | 'deadline'> }) {
  const deadline = formatDate(rfq.deadline);
  const max = RFQ_MAX_QUOTES;
  if (rfq.closed_reason === 'deadline') return <Trans>Closed: its deadline passed on {deadline}.</Trans>;
  if (rfq.closed_reason === 'quotes') return <Trans>Closed: it received its {max}th quote.</Trans>;
  return <Trans>Closed by the buyer.</Trans>;
}

/** Open or closed, as a pill. */
export function RfqStatusPill({ rfq }: { rfq: Pick<RfqRow, 'status'> }) {
  return (
    <span className={`pill rfq-status rfq-status--${rfq.status}`}>
      {rfq.status === 'open' ? <Trans>Open</Trans> : <Trans>Closed</Trans>}
    </span>
  );
}

/** Where the request stands on the device: waiting to be sent, or refused with the server's reason. */
export function PendingLine({ row }: { row: Pick<RfqRow, 'pending'> }) {
  if (row.pending === 'sending') return <Trans>Waiting to be sent</Trans>;
  if (row.pending === 'failed') return <Trans>Not sent</Trans>;
  return null;
}

/**
 * A request's category in the reader's language: the server names it in English, the device's
 * own category rows carry every language (docs/api.md#content-languages).
 */
export function useCategoryName(): (category: RfqRow['category']) => string {
  const { categoryName } = useContentText();
  const held = new Map(useCategories().map((c) => [c.id, c]));
  return (category) => categoryName(held.get(category.id) ?? category);
}
