import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageRow } from '@/queries/chat';
import { answerOffer, useOfferOrder, type ProductLimits } from '@/queries/deals';
import { formatDate } from '@/shared/format';
import { unitPrice } from '@/shared/prices';
import { buyerCounterRange, orderTotal, shownOfferState, type OfferAction, type ShownOfferState } from '@/shared/deals';

interface Props {
  offer: MessageRow;
  mine: boolean;
  /** The reader is the conversation's supplier (who counters freely; the buyer counters a counter, within ±10 %). */
  supplier: boolean;
  /** The product's minimum order (for an offer that names no quantity), stock and listed price: the counter's limits. */
  product: ProductLimits | null;
  formatPrice(usd: string): string;
}

/**
 * A price offer in the chat (docs/product.md#deals): price × quantity, its state and when it
 * expires, and what the reader may do: the other side accepts or declines it or counters it (the
 * supplier with any price, the buyer a counter within ±10 % of its quantity's unit price), its sender
 * withdraws it. Answers go through the outbox.
 */
export default function OfferCard({ offer, mine, supplier, product, formatPrice }: Props) {
  const { t } = useLingui();
  const [countering, setCountering] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = shownOfferState({ offer_state: offer.offer_state ?? null, expires_at: offer.expires_at ?? null });
  const quantity = offer.quantity ?? product?.minimum_order_quantity ?? 1;
  const price = offer.price ?? '0';
  const order = useOfferOrder(state === 'accepted' ? offer.id : null);
  const open = state === 'pending' && !offer.pending;
  // The buyer's own prices keep within ±10 % of the unit price of their quantity (docs/product.md#deals).
  const rangeAt = !supplier && product ? (units: number) => buyerCounterRange(unitPrice(product, units)) : null;
  const mayCounter = product !== null && (supplier || offer.event === 'countered');
  const labels: Record<ShownOfferState, string> = {
    pending: t`Waiting for an answer`,
    accepted: t`Accepted`,
    declined: t`Declined`,
    countered: t`Countered`,
    withdrawn: t`Withdrawn`,
    expired: t`Expired`,
  };

  const act = (action: OfferAction, counter?: { price: string; quantity: number }) => {
    setError(null);
    answerOffer(offer, action, counter).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };

  return (
    <div className={`offer offer--${state ?? 'pending'}`}>
      <p className="offer__title">
        {offer.event === 'countered' ? <Trans>Counter-offer:</Trans> : <Trans>Price offer:</Trans>} <strong>{formatPrice(price)}</strong> ×{' '}
        {quantity}
      </p>
      <p className="offer__total">
        <Trans>Total: {formatPrice(orderTotal(price, quantity))}</Trans>
      </p>
      {state ? (
        <p className="offer__state">
          <span className="pill">{labels[state]}</span>
          {state === 'pending' && offer.expires_at ? (
            <span className="offer__expiry">
              {' '}
              <Trans>Expires {formatDate(offer.expires_at)}</Trans>
            </span>
          ) : null}
        </p>
      ) : null}
      {order ? (
        <p>
          <Link href={`/orders/${order.id}`}>
            <Trans>View the order</Trans>
          </Link>
        </p>
      ) : null}
      {open && !mine && !countering ? (
        <div className="offer__actions">
          <button type="button" className="button button--small" onClick={() => act('accept')}>
            <Trans>Accept</Trans>
          </button>
          <button type="button" className="button button--ghost button--small" onClick={() => act('decline')}>
            <Trans>Decline</Trans>
          </button>
          {mayCounter ? (
            <button type="button" className="button button--ghost button--small" onClick={() => setCountering(true)}>
              <Trans>Counter</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
      {state === 'pending' && mine && (offer.event !== 'countered' || !supplier) ? (
        <div className="offer__actions">
          <button type="button" className="button button--ghost button--small" onClick={() => act('withdraw')}>
            <Trans>Withdraw</Trans>
          </button>
        </div>
      ) : null}
      {countering && product ? (
        <CounterForm
          price={price}
          quantity={quantity}
          limits={product}
          rangeAt={rangeAt}
          onCancel={() => setCountering(false)}
          onCounter={(counter) => {
            setCountering(false);
            act('counter', counter);
          }}
        />
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CounterForm({
  price,
  quantity,
  limits,
  rangeAt,
  onCancel,
  onCounter,
}: {
  price: string;
  quantity: number;
  limits: { minimum_order_quantity: number; quantity_in_stock: number };
  /** The buyer's prices for a quantity, in USD; null: the supplier's counter is free. */
  rangeAt: ((quantity: number) => { lowest: string; highest: string }) | null;
  onCancel(): void;
  onCounter(counter: { price: string; quantity: number }): void;
}) {
  const [newPrice, setNewPrice] = useState(() => {
    const first = rangeAt?.(quantity);
    return first ? Math.min(Math.max(Number(price), Number(first.lowest)), Number(first.highest)).toFixed(2) : price;
  });
  const [newQuantity, setNewQuantity] = useState(String(quantity));
  // A quantity in another tier moves the band (src/shared/prices.ts unitPrice).
  const units = Number.isInteger(Number(newQuantity)) && Number(newQuantity) > 0 ? Number(newQuantity) : quantity;
  const range = rangeAt?.(units) ?? null;
  const hintId = useId();
  const { lowest, highest } = range ?? { lowest: '', highest: '' };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCounter({ price: Number(newPrice).toFixed(2), quantity: Number(newQuantity) });
  };
  return (
    <form className="offer__counter" onSubmit={submit}>
      <label>
        <Trans>Unit price (USD)</Trans>
        <input
          type="number"
          name="price"
          min={range?.lowest ?? '0.01'}
          max={range?.highest}
          step="0.01"
          required
          value={newPrice}
          onChange={(e) => setNewPrice(e.target.value)}
          aria-describedby={range ? hintId : undefined}
        />
      </label>
      {range ? (
        <p id={hintId} className="muted offer__hint">
          <Trans>
            From {lowest} to {highest} USD: within 10% of the listed price.
          </Trans>
        </p>
      ) : null}
      <label>
        <Trans>Quantity</Trans>
        <input
          type="number"
          name="quantity"
          min={limits.minimum_order_quantity}
          max={limits.quantity_in_stock}
          step="1"
          required
          value={newQuantity}
          onChange={(e) => setNewQuantity(e.target.value)}
        />
      </label>
      <div className="offer__actions">
        <button type="submit" className="button button--small">
          <Trans>Send counter-offer</Trans>
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
