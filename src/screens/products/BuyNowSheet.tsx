import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import FormField from '@/components/FormField';
import type { Product } from '@/shared/catalogue';
import { orderTotal, quantityRefusal } from '@/shared/deals';
import { placeOrder } from '@/queries/deals';
import { useCurrency } from '@/queries/rates';
import { serverMessage } from '../serverMessage';
import { unitPrice } from '@/shared/prices';
import TierTable from './TierTable';

/**
 * "Buy now" (docs/product.md#deals): a quantity from the minimum order to the stock, the total in
 * the user's currency, and an order request at the listed price that the supplier confirms or
 * declines. It is recorded on the device at once and sent when the network allows. The app
 * takes no money: payment and delivery are arranged between the two sides.
 */
export default function BuyNowSheet({ product, onClose }: { product: Product; onClose(): void }) {
  const { t } = useLingui();
  const id = useId();
  const currency = useCurrency();
  const [, navigate] = useLocation();
  const [quantity, setQuantity] = useState(String(product.minimum_order_quantity));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const n = Number(quantity);
  const valid = Number.isInteger(n) && quantityRefusal(n, product) === null;
  // The unit price of the quantity being chosen: its tier's (src/shared/prices.ts).
  const unit = unitPrice(product, valid ? n : product.minimum_order_quantity);

  useEffect(() => input.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setError(t`Choose from ${product.minimum_order_quantity} to ${product.quantity_in_stock}.`);
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const orderId = await placeOrder(product, n);
      navigate(`/orders/${orderId}`);
    } catch (err) {
      setBusy(false);
      setError(serverMessage(err, t`Could not place the order.`));
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes the sheet; the keyboard closes it with Escape.
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes the sheet; the keyboard closes it with Escape.
    <div
      className="modal-backdrop sheet-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal card sheet" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`}>
          <Trans>Order {product.name}</Trans>
        </h2>
        <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
          <FormField
            label={<Trans>Quantity</Trans>}
            error={error}
            hint={
              <Trans>
                From {product.minimum_order_quantity} (minimum order) to {product.quantity_in_stock} (in stock)
              </Trans>
            }
          >
            {(control) => (
              <input
                {...control}
                ref={input}
                type="number"
                name="quantity"
                inputMode="numeric"
                min={product.minimum_order_quantity}
                max={product.quantity_in_stock}
                step={1}
                required
                value={quantity}
                onChange={(event) => {
                  setQuantity(event.target.value);
                  setError(null);
                }}
              />
            )}
          </FormField>
          <TierTable product={product} quantity={valid ? n : product.minimum_order_quantity} />
          <p>
            <Trans>Unit price: {currency.format(unit)}</Trans>
            <br />
            <strong>
              <Trans>Total: {valid ? currency.format(orderTotal(unit, n)) : '—'}</Trans>
            </strong>
          </p>
          <p className="muted">
            <Trans>
              This sends an order request to the seller, who confirms or declines it. The app takes no money: you and the seller arrange
              payment and delivery between you.
            </Trans>
          </p>
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              <Trans>Send order request</Trans>
            </button>
            <button type="button" className="button button--ghost" onClick={onClose}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
