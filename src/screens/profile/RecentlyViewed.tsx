import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import EmptyState from '@/components/EmptyState';
import ProductCard from '@/components/ProductCard';
import Spinner from '@/components/Spinner';
import { useRecentlyViewed } from '@/queries/recent';

/** A buyer's recently viewed products, kept on this device (docs/product.md#screens, #constants: at most 5, newest first). */
export default function RecentlyViewed() {
  const { t } = useLingui();
  const products = useRecentlyViewed();
  if (products === undefined) return <Spinner label={t`Loading…`} />;
  if (products.length === 0) {
    return (
      <EmptyState
        title={<Trans>Nothing viewed yet</Trans>}
        action={
          <Link href="/" className="button button--primary">
            <Trans>Explore products</Trans>
          </Link>
        }
      >
        <Trans>The last products you looked at are kept here on this device.</Trans>
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="recently-viewed-title">
      <h2 id="recently-viewed-title" className="profile__section-title">
        <Trans>Recently viewed</Trans>
      </h2>
      <div className="product-grid">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </div>
    </section>
  );
}
