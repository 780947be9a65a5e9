import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import Alert from '@/components/Alert';
import EmptyState from '@/components/EmptyState';
import Stars from '@/components/Stars';
import VerificationLine from '@/components/VerificationLine';
import { answerOffer, useOfferOrder } from '@/queries/deals';
import { useCurrency } from '@/queries/rates';
import { useQuoteOffer, useRfqQuotes, type RfqQuoteRow, type RfqRow } from '@/queries/rfqs';
import { useSeller } from '@/queries/sellers';
import { orderTotal } from '@/shared/deals';
import { PendingLine } from './rfqText';

type SortKey = 'price' | 'lead_time';

const SORTS: Record<SortKey, (a: RfqQuoteRow, b: RfqQuoteRow) => number> = {
  price: (a, b) => Number(a.unit_price) - Number(b.unit_price) || a.lead_time_days - b.lead_time_days,
  lead_time: (a, b) => a.lead_time_days - b.lead_time_days || Number(a.unit_price) - Number(b.unit_price),
};

/**
 * The buyer's quotes side by side (docs/api.md#requests-for-quotation): unit price in their
 * currency, total, lead time, the supplier's checks and rating; sorted by price or by lead
 * time. Accepting answers the quote's offer like any offer (an order follows); Chat opens its conversation.
 */
export default function QuoteComparison({ rfq }: { rfq: RfqRow }) {
  const { t } = useLingui();
  const [sort, setSort] = useState<SortKey>('price');
  const { data: quotes } = useRfqQuotes(rfq.id);
  if (quotes === undefined) return null;
  const count = quotes.length;
  if (count === 0)
    return (
      <section aria-labelledby="quotes-title">
        <h2 id="quotes-title">
          <Trans>Quotes</Trans>
        </h2>
        <EmptyState title={<Trans>No quotes yet</Trans>}>
          {rfq.status === 'open' ? <Trans>Suppliers of this category have been told; their quotes show here side by side.</Trans> : null}
        </EmptyState>
      </section>
    );
  const sorted = [...quotes].sort(SORTS[sort]);
  const cheapest = Math.min(...quotes.map((q) => Number(q.unit_price)));
  const fastest = Math.min(...quotes.map((q) => q.lead_time_days));
  return (
    <section aria-labelledby="quotes-title">
      <h2 id="quotes-title">
        <Trans>Quotes ({count})</Trans>
      </h2>
      <fieldset className="quotes__sort">
        <legend>{t`Sort by`}</legend>
        <label>
          <input type="radio" name="quote-sort" checked={sort === 'price'} onChange={() => setSort('price')} /> <Trans>Lowest price</Trans>
        </label>
        <label>
          <input type="radio" name="quote-sort" checked={sort === 'lead_time'} onChange={() => setSort('lead_time')} />{' '}
          <Trans>Shortest lead time</Trans>
        </label>
      </fieldset>
      <ul className="quotes__list" aria-label={t`Quotes compared`}>
        {sorted.map((quote) => (
          <QuoteCard
            key={quote.id}
            quote={quote}
            cheapest={Number(quote.unit_price) === cheapest && count > 1}
            fastest={quote.lead_time_days === fastest && count > 1}
          />
        ))}
      </ul>
    </section>
  );
}

function QuoteCard({ quote, cheapest, fastest }: { quote: RfqQuoteRow; cheapest: boolean; fastest: boolean }) {
  const { t } = useLingui();
  const currency = useCurrency();
  const { seller } = useSeller(quote.supplier.id);
  const offer = useQuoteOffer(quote.offer);
  const order = useOfferOrder(quote.offer);
  const [error, setError] = useState<string | null>(null);
  const days = quote.lead_time_days;
  const quantity = quote.quantity;
  const rating = seller?.seller_average_rating ? Number(seller.seller_average_rating) : null;
  const open = offer?.offer_state === 'pending' && (!offer.expires_at || Date.parse(offer.expires_at) > Date.now());
  const accept = () => {
    if (!offer) return;
    setError(null);
    answerOffer(offer, 'accept').catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <li className="card quote-card">
      <h3 className="quote-card__supplier">{quote.supplier.name}</h3>
      {cheapest || fastest ? (
        <p className="quote-card__badges">
          {cheapest ? (
            <span className="pill pill--best">
              <Trans>Lowest price</Trans>
            </span>
          ) : null}
          {fastest ? (
            <span className="pill pill--best">
              <Trans>Fastest</Trans>
            </span>
          ) : null}
        </p>
      ) : null}
      {rating !== null ? <Stars rating={rating} /> : <span className="muted">{t`No rating yet`}</span>}
      {seller?.verification ? <VerificationLine checks={seller.verification} registry={seller.business_registry} /> : null}
      <span className="quote-card__price">
        <Trans>{currency.format(quote.unit_price)} per unit</Trans>
      </span>
      <dl className="quote-card__facts">
        <dt>
          <Trans>Quantity</Trans>
        </dt>
        <dd>{quantity}</dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>
          <strong>{currency.format(orderTotal(quote.unit_price, quote.quantity))}</strong>
        </dd>
        <dt>
          <Trans>Lead time</Trans>
        </dt>
        <dd>
          <Plural value={days} one="# day" other="# days" />
        </dd>
      </dl>
      {quote.note ? <p className="quote-card__note">“{quote.note}”</p> : null}
      {quote.pending ? (
        <p className="muted">
          <PendingLine row={quote} />
        </p>
      ) : null}
      <div className="quote-card__actions">
        {order ? (
          <Link href={`/orders/${order.id}`} className="button button--primary">
            <Trans>Accepted: see the order</Trans>
          </Link>
        ) : open ? (
          <button type="button" className="button button--primary" onClick={accept}>
            <Trans>Accept</Trans>
          </button>
        ) : offer ? (
          <span className="pill">{offer.offer_state === 'accepted' ? <Trans>Accepted</Trans> : <Trans>No longer open</Trans>}</span>
        ) : null}
        {quote.conversation !== null ? (
          <Link href={`/chat/${quote.conversation}`} className="button button--ghost">
            <Trans>Chat</Trans>
          </Link>
        ) : null}
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </li>
  );
}
