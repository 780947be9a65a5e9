import { useState, type FormEvent } from 'react';
import { Link, Redirect } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@/components/Alert';
import BackLink from '@/components/BackLink';
import PageHeading from '@/components/PageHeading';
import Spinner from '@/components/Spinner';
import { useAuth } from '@/queries/auth';
import { moveOrder, useOrder, type OrderRow } from '@/queries/deals';
import { discardOutboxEntry, retryOutboxEntry } from '@/queries/status';
import { useCurrency } from '@/queries/rates';
import { ORDER_MOVES, ORDER_REASON_MAX, mayMoveOrder, nextOrderStatus, type OrderAction } from '@/shared/deals';
import { formatDateTime } from '@/shared/format';
import { NoMoneyNote, useStatusLabels } from './orderText';
import './orders.css';

/**
 * One order (docs/product.md#deals): what was agreed, its timeline, and the moves the reader may
 * make now (the supplier confirms or declines, ships; either side marks it delivered, or cancels
 * before shipment with a reason). Moves are outbox intents: shown at once, sent when possible.
 */
export default function OrderScreen({ params }: { params: { id: string } }) {
  const id = Number(params.id);
  const { data: order, status } = useOrder(id);
  if (!Number.isInteger(id) || (status === 'ready' && order === null)) return <Redirect to="/orders" replace />;
  if (!order) return <Spinner />;
  // A request sent meanwhile now has the server's id: its page follows.
  if (order.id !== id) return <Redirect to={`/orders/${order.id}`} replace />;
  return <OrderView order={order} />;
}

function OrderView({ order }: { order: OrderRow }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const currency = useCurrency();
  const labels = useStatusLabels();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const role = order.supplier.id === user?.id ? 'supplier' : 'buyer';
  const sent = order.id > 0;
  const possible = (Object.keys(ORDER_MOVES) as OrderAction[]).filter(
    (action) => action !== 'cancel' && mayMoveOrder(action, role) && nextOrderStatus(order.status, action) !== null,
  );
  const canCancel = nextOrderStatus(order.status, 'cancel') !== null;
  const actionLabels: Record<OrderAction, string> = {
    confirm: t`Confirm the order`,
    decline: t`Decline the order`,
    ship: t`Mark as shipped`,
    deliver: t`Mark as delivered`,
    cancel: t`Cancel the order`,
  };

  const act = (action: OrderAction, why?: string) => {
    setError(null);
    moveOrder(order, action, why).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  const onCancel = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t`Say why the order is cancelled.`);
      return;
    }
    setCancelling(false);
    act('cancel', reason);
  };
  const nameOf = (id: number) => (id === order.buyer.id ? order.buyer.name : order.supplier.name);

  return (
    <main className="screen screen--narrow order">
      <BackLink href="/orders">
        <Trans>All orders</Trans>
      </BackLink>
      <PageHeading subtitle={<NoMoneyNote />}>{order.product.name}</PageHeading>
      <p>
        <span className={`pill order-status order-status--${order.status}`}>{labels[order.status]}</span>
      </p>
      <dl className="order__facts">
        <dt>
          <Trans>Quantity</Trans>
        </dt>
        <dd>{order.quantity}</dd>
        <dt>
          <Trans>Unit price</Trans>
        </dt>
        <dd>{currency.format(order.unit_price)}</dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>
          <strong>{currency.format(order.total)}</strong>
          {currency.code !== 'USD' ? <span className="muted"> (${order.total} USD)</span> : null}
        </dd>
        <dt>{role === 'buyer' ? <Trans>Seller</Trans> : <Trans>Buyer</Trans>}</dt>
        <dd>{role === 'buyer' ? order.supplier.name : order.buyer.name}</dd>
      </dl>
      <p className="order__links">
        {order.product.id !== null ? (
          <Link href={`/products/${order.product.id}`}>
            <Trans>See the product</Trans>
          </Link>
        ) : null}
        {order.conversation !== null ? (
          <Link href={`/chat/${order.conversation}`}>
            <Trans>Open the conversation</Trans>
          </Link>
        ) : null}
      </p>
      {order.pending === 'failed' ? (
        <Alert>
          <Trans>This change could not be sent.</Trans> {order.error}
          {order.outboxId !== undefined ? (
            <span className="order__retry">
              {' '}
              <button type="button" className="button button--small" onClick={() => retryOutboxEntry(order.outboxId as number)}>
                <Trans>Retry</Trans>
              </button>{' '}
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => discardOutboxEntry(order.outboxId as number)}
              >
                <Trans>Discard</Trans>
              </button>
            </span>
          ) : null}
        </Alert>
      ) : order.pending === 'sending' ? (
        <p className="muted" role="status">
          <Trans>Saved on this device; it will be sent when the connection allows.</Trans>
        </p>
      ) : null}
      {(sent && possible.length > 0) || canCancel ? (
        <div className="order__actions">
          {sent
            ? possible.map((action) => (
                <button
                  key={action}
                  type="button"
                  className="button button--primary"
                  onClick={() => act(action)}
                  disabled={order.pending === 'sending'}
                >
                  {actionLabels[action]}
                </button>
              ))
            : null}
          {canCancel && !cancelling ? (
            <button type="button" className="button button--ghost" onClick={() => setCancelling(true)}>
              {actionLabels.cancel}
            </button>
          ) : null}
        </div>
      ) : null}
      {cancelling ? (
        <form className="form order__cancel" onSubmit={onCancel}>
          <label>
            <Trans>Why is it cancelled?</Trans>
            <textarea value={reason} maxLength={ORDER_REASON_MAX} required onChange={(event) => setReason(event.target.value)} />
          </label>
          <div className="form-actions">
            <button type="submit" className="button button--danger">
              {actionLabels.cancel}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setCancelling(false)}>
              <Trans>Keep the order</Trans>
            </button>
          </div>
        </form>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <h2>
        <Trans>Timeline</Trans>
      </h2>
      <ol className="order__timeline">
        {order.events.map((event) => (
          <li key={`${event.status}-${event.at}`}>
            <strong>{labels[event.status]}</strong> · <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {nameOf(event.by.id)}
            {event.reason ? <p className="order__reason">“{event.reason}”</p> : null}
          </li>
        ))}
      </ol>
    </main>
  );
}
