import { memo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Product } from '../shared/catalogue';
import FavoriteButton from './FavoriteButton';
import { useAuth } from '../queries/auth';
import Price from './Price';
import LowestTier from './LowestTier';
import Stars from './Stars';
import VerifiedBadge from './VerifiedBadge';
import Picture from './Picture';
import './product.css';

/** The card's image slot: square; in the grid it is 1/2 to 1/5 of the content width. */
const CARD_SIZES = '(min-width: 1200px) 240px, (min-width: 960px) 25vw, (min-width: 640px) 33vw, 50vw';

/** Who sells it: the company name, else the supplier's first name (docs/product.md#screens). */
export function sellerName(product: Pick<Product, 'supplier'>): string {
  return product.supplier?.supplier_profile?.company_name?.trim() || product.supplier?.first_name || '';
}

/** The designed stand-in for a product picture that is missing or cannot be fetched. */
export function ImagePlaceholder({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <div className={`product-image product-image--placeholder ${className ?? ''}`} role="img" aria-label={t`No image`}>
      <svg
        viewBox="0 0 24 24"
        width="40"
        height="40"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m21 17-5-5-9 8" />
      </svg>
    </div>
  );
}

/**
 * How soon a card's picture loads: `lazy` below the first screen; `eager` in the first screen's
 * rows; `lead` for the page's largest picture (its LCP), asked for before everything else.
 */
export type ImagePriority = 'lazy' | 'eager' | 'lead';

export function ProductImage({
  url,
  tint,
  className,
  priority = 'lazy',
}: {
  url: string | null | undefined;
  tint?: string | null;
  className?: string;
  priority?: ImagePriority;
}) {
  if (!url) return <ImagePlaceholder className={className} />;
  return (
    <Picture
      fallback={<ImagePlaceholder className={className} />}
      className={`product-image ${className ?? ''}`}
      media={{ url, width: 200, srcSet: true }}
      sizes={CARD_SIZES}
      tint={tint}
      alt=""
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'lead' ? 'high' : undefined}
      decoding={priority === 'lazy' ? 'async' : undefined}
      width={200}
      height={200}
    />
  );
}

/**
 * The product card (docs/product.md#screens): image (a placeholder without thumbnail), name linking to the
 * product, 'by' seller with the verified badge, converted price range, minimum order, stars and
 * the favourite toggle. `note` adds a line (e.g. a flash deal's time left).
 */
function ProductCard({
  product,
  note,
  headingLevel = 3,
  imagePriority = 'lazy',
}: {
  product: Product;
  note?: ReactNode;
  headingLevel?: 2 | 3;
  imagePriority?: ImagePriority;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const seller = sellerName(product);
  const moq = product.minimum_order_quantity;
  const { t } = useLingui();
  const { user } = useAuth();
  const own = user !== null && user.id === product.supplier?.id;
  return (
    <article className="product-card" data-testid="product-card">
      <div className="product-card__media">
        <ProductImage url={product.thumbnail_url} tint={product.thumbnail_color} priority={imagePriority} />
      </div>
      <div className="product-card__body">
        <Heading className="product-card__name">
          <Link href={`/products/${product.id}`} className="product-card__link">
            {product.name}
          </Link>
        </Heading>
        {seller ? (
          <p className="product-card__seller">
            <span className="product-card__seller-name">
              <Trans>by {seller}</Trans>
            </span>
            {product.supplier?.supplier_profile?.is_verified ? <VerifiedBadge /> : null}
          </p>
        ) : null}
        <Price min={product.min_price} max={product.max_price} className="price product-card__price" />
        <LowestTier product={product} />
        {note ? <p className="product-card__note">{note}</p> : null}
        <div className="product-card__meta">
          <span className="chip">
            <Trans>Min. order: {moq}</Trans>
          </span>
          <Stars rating={product.average_rating} count={product.reviews_count} size={14} />
        </div>
      </div>
      {/* After the name in the tab order; shown over the image's corner. The seller's own product offers Edit instead. */}
      <div className="product-card__favorite">
        {own ? (
          <Link
            href={`/products/${product.id}/edit`}
            className="button button--small product-card__edit"
            aria-label={t`Edit: ${product.name}`}
          >
            <Trans>Edit</Trans>
          </Link>
        ) : (
          <FavoriteButton product={product} compact />
        )}
      </div>
    </article>
  );
}

/** Memoized: a list rendered again with the same products (live queries keep equal answers, src/queries/live.ts) leaves its cards alone. */
export default memo(ProductCard);
