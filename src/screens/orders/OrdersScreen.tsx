import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import PageHeading from '@/components/PageHeading';
import EmptyState from '@/components/EmptyState';
import Spinner from '@/components/Spinner';
import { useAuth } from '@/queries/auth';
import { useOrders } from '@/queries/deals';
import { useCurrency } from '@/queries/rates';
import { ORDER_STATUSES, type OrderStatus } from '@/shared/deals';
import { formatDate } from '@/shared/format';
import { NoMoneyNote, useStatusLabels } from './orderText';
import './orders.css';

/**
 * The user's orders (docs/product.md#deals): as buyer or as supplier, open ones first, filtered
 * by status, each amount in the user's currency. Read from the device, so it works offline.
 */
export default function OrdersScreen() {
  const { t } = useLingui();
  const { user } = useAuth();
  const currency = useCurrency();
  const labels = useStatusLabels();
  const [role, setRole] = useState<'buyer' | 'supplier'>(user?.user_type === 'SUPPLIER' ? 'supplier' : 'buyer');
  // A link may open it filtered (the supplier's dashboard: ?status=requested, ?status=confirmed).
  const asked = new URLSearchParams(useSearch()).get('status');
  const [status, setStatus] = useState<OrderStatus | 'all'>(ORDER_STATUSES.includes(asked as OrderStatus) ? (asked as OrderStatus) : 'all');
  const { data: orders } = useOrders(user?.id, role, status);

  return (
    <main className="screen orders">
      <PageHeading subtitle={<NoMoneyNote />}>
        <Trans>Orders</Trans>
      </PageHeading>
      <div className="orders__filters">
        <fieldset className="orders__roles">
          <legend className="visually-hidden">
            <Trans>Orders where I am</Trans>
          </legend>
          <label>
            <input type="radio" name="role" checked={role === 'buyer'} onChange={() => setRole('buyer')} /> <Trans>Buying</Trans>
          </label>
          <label>
            <input type="radio" name="role" checked={role === 'supplier'} onChange={() => setRole('supplier')} /> <Trans>Selling</Trans>
          </label>
        </fieldset>
        <label className="orders__status">
          <Trans>Status</Trans>{' '}
          <select value={status} onChange={(event) => setStatus(event.target.value as OrderStatus | 'all')}>
            <option value="all">{t`All`}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {labels[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {orders === undefined ? (
        <Spinner />
      ) : orders.length === 0 ? (
        <EmptyState title={<Trans>No orders yet</Trans>}>
          <Trans>Use "Buy now" on a product, or accept an offer in a chat.</Trans>
        </EmptyState>
      ) : (
        <ul className="orders__list">
          {orders.map((order) => (
            <li key={order.id} className="card order-row">
              <Link href={`/orders/${order.id}`} className="order-row__link">
                <span className="order-row__name">{order.product.name}</span>
                <span className={`pill order-status order-status--${order.status}`}>{labels[order.status]}</span>
                <span className="order-row__line">
                  {order.quantity} × {currency.format(order.unit_price)} = <strong>{currency.format(order.total)}</strong>
                </span>
                <span className="order-row__line muted">
                  {role === 'buyer' ? order.supplier.name : order.buyer.name} · {formatDate(order.updated_at)}
                  {order.pending === 'sending' ? (
                    <>
                      {' · '}
                      <Trans>Waiting to be sent</Trans>
                    </>
                  ) : null}
                  {order.pending === 'failed' ? (
                    <>
                      {' · '}
                      <Trans>Not sent</Trans>
                    </>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
