import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import Alert from '@/components/Alert';
import EmptyState from '@/components/EmptyState';
import Price from '@/components/Price';
import Spinner from '@/components/Spinner';
import { ProductImage } from '@/components/ProductCard';
import { useProductList } from '@/queries/products';
import { deleteProduct } from '@/queries/myProducts';
import { dealRunning, type Product } from '@/shared/catalogue';
import { failureReason } from '../serverMessage';
import HiddenListings from './HiddenListings';

const PAGE_SIZE = 20;

/** The supplier's own products (docs/product.md#screens profile main tab) with add, edit and delete. */
export default function MyListings({ supplierId }: { supplierId: number }) {
  const { t } = useLingui();
  const list = useProductList({ supplier: supplierId, pageSize: PAGE_SIZE });
  const [deleting, setDeleting] = useState<number | null>(null);
  const [error, setError] = useState<{ message: string; reason: string } | null>(null);

  const remove = async (product: Product) => {
    if (!window.confirm(t`Are you sure you want to delete this product?`)) return;
    setError(null);
    setDeleting(product.id);
    try {
      await deleteProduct(product.id);
    } catch (err) {
      setError({ message: t`Failed to delete product.`, reason: failureReason(err) });
    } finally {
      setDeleting(null);
    }
  };

  const ready = list.status === 'ready';
  return (
    <section aria-labelledby="my-listings-title">
      <div className="profile__toolbar">
        <h2 id="my-listings-title" className="profile__section-title">
          {ready && list.count > 0 ? <Trans>My listings ({list.count})</Trans> : <Trans>My listings</Trans>}
        </h2>
        <Link href="/products/add" className="button button--primary">
          <Trans>Add product</Trans>
        </Link>
      </div>
      {error ? (
        <Alert>
          {error.message}
          {error.reason ? <span className="alert__detail">{error.reason}</span> : null}
        </Alert>
      ) : null}
      <HiddenListings supplierId={supplierId} />
      {list.status === 'loading' ? <Spinner label={t`Loading your listings…`} /> : null}
      {list.status === 'error' ? <Alert>{t`Could not load your listings.`}</Alert> : null}
      {ready && list.products.length === 0 ? (
        <EmptyState title={<Trans>No listings yet</Trans>}>
          <Trans>Products you list appear here, where you can edit or delete them.</Trans>
        </EmptyState>
      ) : null}
      {ready && list.products.length > 0 ? (
        <ul className="listing-rows">
          {list.products.map((product) => (
            <li key={product.id} className="listing-row card" data-testid="my-listing">
              <ProductImage url={product.thumbnail_url} tint={product.thumbnail_color} className="listing-row__image" />
              <div className="listing-row__body">
                <Link href={`/products/${product.id}`} className="listing-row__name">
                  {product.name}
                </Link>
                <Price min={product.min_price} max={product.max_price} className="price listing-row__price" />
                <p className="listing-row__meta">
                  <Trans>In stock: {product.quantity_in_stock}</Trans>
                  {dealRunning(product) ? (
                    <>
                      {' '}
                      ·{' '}
                      <span className="chip">
                        <Trans>
                          Flash deal: <Price min={product.price} />
                        </Trans>
                      </span>
                    </>
                  ) : null}
                </p>
              </div>
              <div className="listing-row__actions">
                <Link href={`/products/${product.id}/edit`} className="button button--small">
                  <Trans>Edit</Trans>
                  <span className="visually-hidden"> {product.name}</span>
                </Link>
                <button
                  type="button"
                  className="button button--small button--danger"
                  disabled={deleting === product.id}
                  onClick={() => remove(product)}
                >
                  {deleting === product.id ? <Trans>Deleting…</Trans> : <Trans>Delete</Trans>}
                  <span className="visually-hidden"> {product.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {ready && list.hasMore ? (
        <button type="button" className="button button--block" onClick={list.loadMore}>
          <Trans>Show more</Trans>
        </button>
      ) : null}
    </section>
  );
}
