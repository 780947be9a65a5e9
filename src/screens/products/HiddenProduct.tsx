import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import Alert from '@/components/Alert';
import BackLink from '@/components/BackLink';
import FormField from '@/components/FormField';
import PageHeading from '@/components/PageHeading';
import Price from '@/components/Price';
import Spinner from '@/components/Spinner';
import { ProductImage } from '@/components/ProductCard';
import { useAuth } from '@/queries/auth';
import { appealHiddenProduct, useHiddenProduct } from '@/queries/hiddenProducts';
import { useConnectivity } from '@/queries/status';
import { formatDate } from '@/shared/format';
import type { Product } from '@/shared/catalogue';
import { REPORT_DETAILS_MAX } from '@/shared/trust';
import { serverMessage } from '../serverMessage';

/**
 * A product the device does not hold, as its supplier sees it when a moderator hid it
 * (docs/product.md#trust-and-safety): marked hidden with the moderator's reason, and the one
 * appeal. Read from the server, so it needs a connection; anyone else (or a product that is not
 * theirs) gets `fallback`.
 */
export default function HiddenProduct({ id, fallback }: { id: number; fallback: ReactNode }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const supplierId = user?.user_type === 'SUPPLIER' ? user.id : undefined;
  const { product, status, retry } = useHiddenProduct(id, supplierId);
  if (product) return <HiddenProductView product={product} />;
  if (supplierId === undefined || status === 'missing' || status === 'error') return <>{fallback}</>;
  return (
    <main className="screen product-detail">
      <BackLink href="/">
        <Trans>Back to products</Trans>
      </BackLink>
      <PageHeading>
        <Trans>Product details</Trans>
      </PageHeading>
      {status === 'offline' ? (
        <>
          <Alert kind="info">
            <Trans>This product is not saved on this device. Connect to the internet to see it.</Trans>
          </Alert>
          <button type="button" className="button" onClick={retry}>
            <Trans>Try again</Trans>
          </button>
        </>
      ) : (
        <Spinner label={t`Loading…`} />
      )}
    </main>
  );
}

function HiddenProductView({ product }: { product: Product }) {
  return (
    <main className="screen product-detail hidden-product">
      <BackLink href="/profile">
        <Trans>Back to my listings</Trans>
      </BackLink>
      <div className="hidden-product__head">
        <ProductImage url={product.thumbnail_url} tint={product.thumbnail_color} className="hidden-product__image" />
        <div>
          <h1 className="product-detail__name">{product.name}</h1>
          <p className="product-detail__price">
            <Price min={product.min_price} max={product.max_price} />
          </p>
        </div>
      </div>
      <section className="card hidden-product__notice" aria-labelledby="hidden-product-title">
        <h2 id="hidden-product-title" className="hidden-product__title">
          <span className="chip chip--danger">
            <Trans>Hidden</Trans>
          </span>{' '}
          <Trans>Hidden by our moderators</Trans>
        </h2>
        <p>
          <Trans>Buyers cannot see or find this product. Only you can open it.</Trans>
        </p>
        <p className="hidden-product__reason">
          <strong>
            <Trans>Reason:</Trans>
          </strong>{' '}
          {product.moderation_reason}
        </p>
      </section>
      <Appeal product={product} />
    </main>
  );
}

function Appeal({ product }: { product: Product }) {
  const { t } = useLingui();
  const online = useConnectivity();
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (product.appealed_at) {
    const date = formatDate(product.appealed_at);
    return (
      <section className="card hidden-product__appeal" aria-labelledby="appeal-title">
        <h2 id="appeal-title" className="hidden-product__title">
          <Trans>Appeal sent</Trans>
        </h2>
        {failure ? <Alert>{failure}</Alert> : null}
        <p role="status">
          <Trans>You appealed on {date}. A moderator will review it and you will be notified. A product can be appealed once.</Trans>
        </p>
      </section>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!details.trim()) {
      setError(t`Say why the product should be shown again.`);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await appealHiddenProduct(product, details.trim());
    } catch (err) {
      setFailure(serverMessage(err, t`Could not send your appeal.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card hidden-product__appeal" aria-labelledby="appeal-title">
      <h2 id="appeal-title" className="hidden-product__title">
        <Trans>Appeal</Trans>
      </h2>
      <p className="muted">
        <Trans>
          If you think this is a mistake, tell a moderator why. You can appeal once; fixing the listing first (
          <Link href={`/products/${product.id}/edit`}>edit it</Link>) helps.
        </Trans>
      </p>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <FormField
          label={<Trans>Why should it be shown again?</Trans>}
          error={error}
          hint={online ? null : <Trans>Appealing needs a connection.</Trans>}
        >
          {(control) => (
            <textarea
              {...control}
              name="details"
              rows={3}
              maxLength={REPORT_DETAILS_MAX}
              value={details}
              onChange={(event) => {
                setDetails(event.target.value);
                setError(null);
              }}
            />
          )}
        </FormField>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={busy || !online} aria-busy={busy || undefined}>
            {busy ? <Trans>Sending…</Trans> : <Trans>Send appeal</Trans>}
          </button>
        </div>
      </form>
    </section>
  );
}
