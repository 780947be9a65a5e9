import { Trans } from '@lingui/react/macro';
import type { Product } from '../shared/catalogue';
import { formatNumber } from '../shared/format';
import Price from './Price';

/** The card's line for a product priced by quantity: its lowest tier, "from $12.00 (200+)". */
export default function LowestTier({ product }: { product: Pick<Product, 'price_tiers'> }) {
  const tiers = product.price_tiers ?? [];
  const lowest = tiers[tiers.length - 1];
  if (tiers.length < 2 || !lowest) return null;
  const quantity = formatNumber(lowest.min_quantity);
  return (
    <p className="product-card__tiers">
      <Trans>
        from <Price min={lowest.unit_price} className="price" /> ({quantity}+)
      </Trans>
    </p>
  );
}
