import { lazy, Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import Alert from '@/components/Alert';
import FavoriteButton from '@/components/FavoriteButton';
import { ChatIcon } from '@/components/icons';
import type { Product } from '@/shared/catalogue';
import { useAuth } from '@/queries/auth';
import { startConversation } from '@/queries/chat';
import { placeOrder } from '@/queries/deals';
import Price from '@/components/Price';
import { failureReason, serverMessage } from '../serverMessage';

const BuyNowSheet = lazy(() => import('./BuyNowSheet'));

/**
 * Buy now, Favorite and Send message (docs/product.md#screens, #validation-rules, #roles-and-permissions), and
 * Order a sample where the product has a sample price; on the seller's own product, Edit instead.
 * Buy now is disabled when nothing is in stock; it opens the quantity sheet of an order request
 * (docs/product.md#deals; guests are asked to log in). Send message is disabled for guests;
 * otherwise it opens (or reuses) the conversation about this product and goes to it.
 */
export default function ProductActions({ product }: { product: Product }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [buying, setBuying] = useState(false);
  const [buyHint, setBuyHint] = useState<string | null>(null);

  const ownProduct = user?.id === product.supplier.id;
  const messageBlocked = !user ? t`Log in to message the seller.` : null;
  const soldOut = product.quantity_in_stock <= 0;
  const [ordering, setOrdering] = useState(false);

  // One piece at the sample price, as an order request (docs/api.md#quantity-tiers-and-samples).
  const orderSample = async () => {
    if (!user) {
      setBuyHint(t`Log in to order from the seller.`);
      return;
    }
    setFailure(null);
    setOrdering(true);
    try {
      navigate(`/orders/${await placeOrder(product, 1, true)}`);
    } catch (err) {
      setOrdering(false);
      setBuyHint(serverMessage(err, t`Could not place the order.`));
    }
  };

  const sendMessage = async () => {
    setFailure(null);
    setStarting(true);
    try {
      const id = await startConversation(product);
      navigate(`/chat/${id}`);
    } catch (err) {
      setStarting(false);
      setFailure(failureReason(err));
    }
  };

  // The seller's own product: nothing to buy, favourite or ask about; Edit takes their place.
  if (ownProduct) {
    return (
      <div className="product-actions">
        <p className="form-reason">
          <Trans>This is your own product.</Trans>
        </p>
        <div className="product-actions__row product-actions__row--own">
          <Link href={`/products/${product.id}/edit`} className="button button--primary">
            <Trans>Edit product</Trans>
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="product-actions">
      <div className="product-actions__row">
        <button
          type="button"
          className="button button--primary"
          disabled={soldOut}
          onClick={() => (user ? setBuying(true) : setBuyHint(t`Log in to order from the seller.`))}
          aria-describedby={soldOut ? 'product-sold-out' : undefined}
        >
          <Trans>Buy now</Trans>
        </button>
        <FavoriteButton product={product} />
        <button
          type="button"
          className="button"
          disabled={Boolean(messageBlocked) || starting}
          onClick={sendMessage}
          aria-describedby={messageBlocked ? 'product-message-blocked' : undefined}
          aria-busy={starting || undefined}
        >
          <ChatIcon />
          <span className="product-actions__label">
            <Trans>Send message</Trans>
          </span>
        </button>
      </div>
      {product.sample_price && !soldOut ? (
        <button
          type="button"
          className="button button--ghost product-actions__sample"
          onClick={orderSample}
          aria-busy={ordering || undefined}
          disabled={ordering}
        >
          <Trans>
            Order a sample: <Price min={product.sample_price} />
          </Trans>
        </button>
      ) : null}
      {soldOut ? (
        <p id="product-sold-out" className="form-reason">
          <Trans>Out of stock: it cannot be bought right now.</Trans>
        </p>
      ) : null}
      {messageBlocked ? (
        <p id="product-message-blocked" className="form-reason">
          {messageBlocked}
        </p>
      ) : null}
      {buyHint && !soldOut ? <Alert kind="info">{buyHint}</Alert> : null}
      {buying ? (
        <Suspense fallback={null}>
          <BuyNowSheet product={product} onClose={() => setBuying(false)} />
        </Suspense>
      ) : null}
      {failure !== null ? (
        <Alert>
          <Trans>Failed to initiate conversation.</Trans>
          {failure ? <span className="form-reason"> {failure}</span> : null}
        </Alert>
      ) : null}
    </div>
  );
}
