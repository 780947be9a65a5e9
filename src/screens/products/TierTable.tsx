import { Trans, useLingui } from '@lingui/react/macro';
import Price from '@/components/Price';
import { useNow } from '@/queries/clock';
import type { Product } from '@/shared/catalogue';
import { formatNumber } from '@/shared/format';
import { unitPrice } from '@/shared/prices';

/**
 * Prices by quantity (docs/api.md#quantity-tiers-and-samples): one row per tier, in the user's
 * currency, the row of `quantity` marked. Each row reads the shared rule, so a running flash
 * deal that is lower shows in every row it beats, as Buy now would charge it.
 */
export default function TierTable({ product, quantity }: { product: Product; quantity: number }) {
  const { t } = useLingui();
  const now = useNow();
  const tiers = product.price_tiers ?? [];
  if (tiers.length === 0) return null;
  let chosen = -1;
  tiers.forEach((tier, i) => {
    if (tier.min_quantity <= quantity) chosen = i;
  });
  return (
    <table className="tier-table">
      <caption>
        <Trans>Prices by quantity</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Quantity</Trans>
          </th>
          <th scope="col">
            <Trans>Unit price</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier, i) => {
          const next = tiers[i + 1];
          const from = formatNumber(tier.min_quantity);
          const to = next ? formatNumber(next.min_quantity - 1) : null;
          return (
            <tr
              key={tier.min_quantity}
              className={i === chosen ? 'tier-table__chosen' : undefined}
              aria-current={i === chosen ? 'true' : undefined}
            >
              <th scope="row">{to === null ? t`${from}+` : from === to ? from : t`${from}–${to}`}</th>
              <td>
                <Price min={unitPrice(product, tier.min_quantity, now)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
