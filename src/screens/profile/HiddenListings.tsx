import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import Price from '@/components/Price';
import { ProductImage } from '@/components/ProductCard';
import { useHiddenProducts } from '@/queries/hiddenProducts';

/**
 * The supplier's listings a moderator hid (docs/product.md#trust-and-safety), above the others: each
 * marked hidden with the reason and whether it was appealed. Read from the server (the device never
 * holds them), so the section says when it needs a connection; with none hidden it shows nothing.
 */
export default function HiddenListings({ supplierId }: { supplierId: number }) {
  const { t } = useLingui();
  const { products, status } = useHiddenProducts(supplierId);
  if (status === 'offline')
    return (
      <p className="muted hidden-listings__note">
        <Trans>Listings hidden by our moderators are shown when you are online.</Trans>
      </p>
    );
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="hidden-listings-title" className="hidden-listings">
      <h3 id="hidden-listings-title" className="hidden-listings__title">
        <Trans>Hidden by our moderators ({products.length})</Trans>
      </h3>
      <ul className="listing-rows" aria-label={t`Hidden listings`}>
        {products.map((product) => (
          <li key={product.id} className="listing-row card listing-row--hidden" data-testid="hidden-listing">
            <ProductImage url={product.thumbnail_url} tint={product.thumbnail_color} className="listing-row__image" />
            <div className="listing-row__body">
              <Link href={`/products/${product.id}`} className="listing-row__name">
                {product.name}
              </Link>
              <Price min={product.min_price} max={product.max_price} className="price listing-row__price" />
              <p className="listing-row__meta">
                <span className="chip chip--danger">
                  <Trans>Hidden</Trans>
                </span>{' '}
                {product.appealed_at ? <Trans>Appeal sent</Trans> : <Trans>Not appealed</Trans>}
              </p>
              <p className="listing-row__reason">
                <Trans>Reason: {product.moderation_reason}</Trans>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
