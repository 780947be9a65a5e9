import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageRow } from '@/queries/chat';
import { answerOffer, useOfferOrder } from '@/queries/deals';
import { formatDate } from '@/shared/format';
import { orderTotal, shownOfferState, type OfferAction, type ShownOfferState } from '@/shared/deals';

interface Props {
  offer: MessageRow;
  mine: boolean;
  /** The reader is the conversation's supplier (who may counter). */
  supplier: boolean;
  /** The product's minimum order, for an offer that names no quantity, and its stock (the counter's limits). */
  product: { minimum_order_quantity: number; quantity_in_stock: number } | null;
  formatPrice(usd: string): string;
}

/**
 * A price offer in the chat (docs/product.md#deals): price × quantity, its state and when it
 * expires, and what the reader may do: the other side accepts or declines it (the supplier may
 * counter with a price and quantity), its sender withdraws it. Answers go through the outbox.
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
        {offer.event === 'countered' ? <Trans>Counter-offer</Trans> : <Trans>Price offer:</Trans>} <strong>{formatPrice(price)}</strong> ×{' '}
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
          {supplier && product ? (
            <button type="button" className="button button--ghost button--small" onClick={() => setCountering(true)}>
              <Trans>Counter</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
      {state === 'pending' && mine && offer.event !== 'countered' ? (
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
  onCancel,
  onCounter,
}: {
  price: string;
  quantity: number;
  limits: { minimum_order_quantity: number; quantity_in_stock: number };
  onCancel(): void;
  onCounter(counter: { price: string; quantity: number }): void;
}) {
  const [newPrice, setNewPrice] = useState(price);
  const [newQuantity, setNewQuantity] = useState(String(quantity));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCounter({ price: Number(newPrice).toFixed(2), quantity: Number(newQuantity) });
  };
  return (
    <form className="offer__counter" onSubmit={submit}>
      <label>
        <Trans>Unit price (USD)</Trans>
        <input type="number" name="price" min="0.01" step="0.01" required value={newPrice} onChange={(e) => setNewPrice(e.target.value)} />
      </label>
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
