import { Plural, Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { RfqRow } from '@/queries/rfqs';
import { useCurrency } from '@/queries/rates';
import { useCountryName } from '@/components/countries';
import { formatDate } from '@/shared/format';
import { PendingLine, RfqStatusPill, useCategoryName } from './rfqText';
import './rfqs.css';

/**
 * Requests as a list of cards: what, how many, the target price in the reader's currency, the
 * deadline and the quotes so far; for a supplier, the buyer's name and country and whether they quoted.
 */
export default function RfqList({ rfqs, reader }: { rfqs: Array<RfqRow & { quoted?: boolean }>; reader: 'buyer' | 'supplier' }) {
  const currency = useCurrency();
  const countryName = useCountryName();
  const categoryName = useCategoryName();
  return (
    <ul className="rfqs__list">
      {rfqs.map((rfq) => {
        const quantity = rfq.quantity;
        const count = rfq.quotes_count;
        const deadline = formatDate(rfq.deadline);
        const target = rfq.target_price ? currency.format(rfq.target_price) : null;
        return (
          <li key={rfq.id} className="card rfq-row">
            <Link href={`/requests/${rfq.id}`} className="rfq-row__link">
              <span className="rfq-row__title">{rfq.title}</span>
              <RfqStatusPill rfq={rfq} />
              <span className="rfq-row__line">
                <Plural value={quantity} one="# unit" other="# units" />
                {rfq.images?.length ? (
                  <>
                    {' · '}
                    <Plural value={rfq.images.length} one="# picture" other="# pictures" />
                  </>
                ) : null}
                {target ? (
                  <>
                    {' · '}
                    <Trans>target {target} per unit</Trans>
                  </>
                ) : null}
              </span>
              <span className="rfq-row__line muted">
                {reader === 'supplier' ? (
                  <>
                    {rfq.buyer.name}
                    {rfq.buyer.country ? `, ${countryName(rfq.buyer.country)}` : ''}
                    {' · '}
                  </>
                ) : null}
                {categoryName(rfq.category)} · <Trans>until {deadline}</Trans> ·{' '}
                {reader === 'buyer' ? (
                  <Plural value={count} one="# quote" other="# quotes" />
                ) : rfq.quoted ? (
                  <Trans>You quoted</Trans>
                ) : (
                  <Trans>Not quoted yet</Trans>
                )}
                {rfq.pending ? (
                  <>
                    {' · '}
                    <PendingLine row={rfq} />
                  </>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
