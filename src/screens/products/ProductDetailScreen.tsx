import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import Alert from '@/components/Alert';
import BackLink from '@/components/BackLink';
import PageHeading from '@/components/PageHeading';
import Price from '@/components/Price';
import Spinner from '@/components/Spinner';
import Stars from '@/components/Stars';
import { formatNumber } from '@/shared/format';
import { useProduct } from '@/queries/products';
import type { Product } from '@/shared/catalogue';
import { openProduct } from '@/queries/recent';
import { galleryMedia } from './gallery';
import ProductActions from './ProductActions';
import ReportButton from '@/components/ReportButton';
import HiddenProduct from './HiddenProduct';
import ProductGallery from './ProductGallery';
import RelatedProducts from './RelatedProducts';
import ReviewsSection from './ReviewsSection';
import SellerCard from './SellerCard';
import TierTable from './TierTable';
import { DealTimeLeft } from '../listings/FlashDealsScreen';
import { timeLeft } from '../listings/timeLeft';
import { useNow } from '@/queries/clock';
import { saveGallery } from '@/queries/pictures';
import './product-detail.css';

/** A positive whole number from the URL, or 0 for anything else (answered as a missing product). */
const idOf = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0);

/**
 * /products/{id} (docs/product.md#screens): gallery, name, rating, price range, stock and minimum order,
 * actions, description, seller card, reviews and related products. It renders from the
 * device when the product was seen before, and records the visit in recently viewed.
 */
export default function ProductDetailScreen() {
  const id = idOf(useParams<{ id: string }>().id);
  const [attempt, setAttempt] = useState(0);
  // Keyed by product and attempt: a related product opens with its own gallery and review form,
  // and Try again remounts the page, which asks the server again.
  return <ProductDetail key={`${id}:${attempt}`} id={id} onRetry={() => setAttempt((n) => n + 1)} />;
}

function ProductDetail({ id, onRetry }: { id: number; onRetry(): void }) {
  const { t } = useLingui();
  const { product, status } = useProduct(id);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product opened (its id), not on every refresh of its row.
  useEffect(() => {
    if (product) void openProduct(product);
    // Its pictures at gallery width, for the next visit offline (src/media/saved.ts).
    if (product) void saveGallery(product);
    // Once per product opened, not on every refresh of its row.
  }, [product?.id]);

  if (!product) {
    const failed = status === 'missing' || status === 'error';
    const notFound = (
      <main className="screen product-detail">
        <BackLink href="/">
          <Trans>Back to products</Trans>
        </BackLink>
        <PageHeading>
          <Trans>Product details</Trans>
        </PageHeading>
        {failed ? (
          <>
            <Alert>
              <Trans>Could not load product details. Please try again.</Trans>
            </Alert>
            <button type="button" className="button" onClick={onRetry}>
              <Trans>Try again</Trans>
            </button>
          </>
        ) : (
          <Spinner label={t`Loading…`} />
        )}
      </main>
    );
    // Not on the device and not to be found: a supplier's own product a moderator hid is read from the server.
    return failed ? <HiddenProduct id={id} fallback={notFound} /> : notFound;
  }

  const stock = product.quantity_in_stock;
  const moq = product.minimum_order_quantity;
  const stockText = formatNumber(stock);
  return (
    <main className="screen product-detail">
      <BackLink href="/">
        <Trans>Back to products</Trans>
      </BackLink>
      <div className="product-detail__top">
        <ProductGallery media={galleryMedia(product)} name={product.name} />
        <div className="product-detail__info">
          <h1 className="product-detail__name">{product.name}</h1>
          <p className="product-detail__rating">
            <Stars rating={product.average_rating} count={product.reviews_count} size={18} />
          </p>
          <p className="product-detail__price">
            <Price min={product.min_price} max={product.max_price} />
          </p>
          <FlashDeal product={product} />
          <ul className="product-detail__badges" aria-label={t`Availability`}>
            <li className={`chip ${stock > 0 ? 'chip--success' : 'chip--danger'}`}>
              {stock > 0 ? <Trans>In stock: {stockText}</Trans> : <Trans>Out of stock</Trans>}
            </li>
            <li className="chip">
              <Trans>Min. order: {moq}</Trans>
            </li>
          </ul>
          <TierTable product={product} quantity={moq} />
          <ProductActions product={product} />
          <ReportButton
            type="product"
            id={product.id}
            ownerId={product.supplier.id}
            name={product.name}
            className="product-detail__report"
          />
          <h2 className="product-detail__subtitle">
            <Trans>Description</Trans>
          </h2>
          <p className="product-detail__description">{product.description}</p>
        </div>
      </div>
      <SellerCard seller={product.supplier} />
      <ReviewsSection productId={product.id} />
      <RelatedProducts product={product} />
    </main>
  );
}

/** A running flash deal: its price and the time left (the same wording as the flash deals list). */
function FlashDeal({ product }: { product: Product }) {
  const now = useNow();
  if (!timeLeft(product.flash_deal_ends_at, now)) return null;
  return (
    <p className="product-detail__deal">
      <span className="chip chip--deal">
        <Trans>Flash deal</Trans>
      </span>
      <span>
        <Trans>Deal price</Trans> <Price min={product.price} className="price product-detail__deal-price" />
      </span>
      <span className="product-detail__deal-time">
        <DealTimeLeft endsAt={product.flash_deal_ends_at} now={now} />
      </span>
    </p>
  );
}
