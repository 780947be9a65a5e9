import { useId } from 'react';
import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { useSupplierDashboard } from '@/queries/deals';
import { useCurrency } from '@/queries/rates';

/**
 * The supplier's deals at a glance (docs/product.md#deals): what waits for them, each figure a
 * link to those offers or orders, and this month's confirmed value.
 */
export default function SupplierDeals({ supplierId }: { supplierId: number }) {
  const dashboard = useSupplierDashboard(supplierId);
  const currency = useCurrency();
  const id = useId();
  if (!dashboard) return null;
  return (
    <section className="card profile__card supplier-deals" aria-labelledby="supplier-deals">
      <h2 id="supplier-deals">
        <Trans>Deals</Trans>
      </h2>
      <dl className="supplier-deals__figures">
        <div>
          <dt id={`${id}-offers`}>
            <Trans>Offers waiting for an answer</Trans>
          </dt>
          <dd>
            <Link href="/chat/all" aria-describedby={`${id}-offers`}>
              {dashboard.offersWaiting}
            </Link>
          </dd>
        </div>
        <div>
          <dt id={`${id}-confirm`}>
            <Trans>Orders to confirm</Trans>
          </dt>
          <dd>
            <Link href="/orders?status=requested" aria-describedby={`${id}-confirm`}>
              {dashboard.toConfirm}
            </Link>
          </dd>
        </div>
        <div>
          <dt id={`${id}-ship`}>
            <Trans>Orders to ship</Trans>
          </dt>
          <dd>
            <Link href="/orders?status=confirmed" aria-describedby={`${id}-ship`}>
              {dashboard.toShip}
            </Link>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Confirmed this month</Trans>
          </dt>
          <dd>{currency.format(dashboard.confirmedThisMonth)}</dd>
        </div>
      </dl>
    </section>
  );
}
