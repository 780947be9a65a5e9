import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import Alert from '@/components/Alert';
import BackLink from '@/components/BackLink';
import PageHeading from '@/components/PageHeading';
import Spinner from '@/components/Spinner';
import type { Product } from '@/shared/catalogue';
import type { Category } from '@/shared/types';
import { fetchCategories } from '@/queries/categories';
import { useAuth } from '@/queries/auth';
import { fetchProduct } from '@/queries/myProducts';
import FlashDealForm from './form/FlashDealForm';
import ProductForm from './form/ProductForm';
import '../screens.css';
import './form/productForm.css';

/** How long the access-denied message stays before going home (docs/product.md#roles-and-permissions: alert, then /). */
export const ACCESS_DENIED_REDIRECT_MS = 2000;

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'denied' }
  | { state: 'ready'; product: Product | null; categories: Category[] };

/**
 * /products/add and /products/{id}/edit (docs/product.md#screens): the product form in add or edit mode. An
 * online-only form: it loads the product and categories from the server (the edit form starts
 * from the server's copy, so only real changes are sent). Only suppliers may use it; everyone
 * else goes to / (docs/product.md#roles-and-permissions); a supplier may edit only their own products.
 */
export default function ProductFormScreen() {
  const { status, user } = useAuth();
  const { t } = useLingui();
  const { id } = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const productId = id ? Number(id) : null;
  const editing = id !== undefined;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const supplierId = user?.user_type === 'SUPPLIER' ? user.id : null;

  const start = useCallback(() => {
    if (supplierId === null) return;
    setLoad({ state: 'loading' });
    let cancelled = false;
    const product =
      productId === null
        ? Promise.resolve(null)
        : Number.isSafeInteger(productId) && productId > 0
          ? fetchProduct(productId)
          : Promise.reject(new Error('bad id'));
    Promise.all([product, fetchCategories()]).then(
      ([loaded, categories]) => {
        if (cancelled) return;
        if (loaded && loaded.supplier.id !== supplierId) return setLoad({ state: 'denied' });
        setLoad({ state: 'ready', product: loaded, categories });
      },
      (error) => {
        console.warn('Product form could not load', error);
        if (!cancelled) setLoad({ state: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [productId, supplierId]);
  useEffect(start, [start]);

  useEffect(() => {
    if (load.state !== 'denied') return;
    const timer = setTimeout(() => navigate('/', { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [load.state, navigate]);

  if (status === 'loading') return <Spinner label={t`Authenticating...`} />;
  if (user?.user_type !== 'SUPPLIER') return <Redirect to="/" replace />;

  return (
    <main className="screen screen--narrow product-form">
      <BackLink href="/profile">
        <Trans>Back to my listings</Trans>
      </BackLink>
      <PageHeading>{editing ? <Trans>Edit product</Trans> : <Trans>Add product</Trans>}</PageHeading>
      {load.state === 'loading' ? <Spinner label={t`Loading…`} /> : null}
      {load.state === 'failed' ? (
        <>
          <Alert>{t`Failed to load product data or categories. Please try again.`}</Alert>
          <button type="button" className="button" onClick={start}>
            <Trans>Try again</Trans>
          </button>
        </>
      ) : null}
      {load.state === 'denied' ? (
        <>
          <Alert>{t`Access Denied: You can only edit your own products.`}</Alert>
          <Link href="/" className="button">
            <Trans>Back to home</Trans>
          </Link>
        </>
      ) : null}
      {load.state === 'ready' ? (
        <>
          <ProductForm
            key={load.product?.id ?? 'new'}
            product={load.product}
            categories={load.categories}
            onSaved={(saved) => navigate(`/products/${saved.id}`)}
          />
          {load.product ? <FlashDealForm product={load.product} onSaved={(saved) => setLoad({ ...load, product: saved })} /> : null}
        </>
      ) : null}
    </main>
  );
}
