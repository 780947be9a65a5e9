import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import Alert from '@/components/Alert';
import BackLink from '@/components/BackLink';
import PageHeading from '@/components/PageHeading';
import ProductCard from '@/components/ProductCard';
import DataState from '@/components/DataState';
import Spinner from '@/components/Spinner';
import Stars from '@/components/Stars';
import VerifiedBadge from '@/components/VerifiedBadge';
import VerificationLine from '@/components/VerificationLine';
import ReportButton from '@/components/ReportButton';
import BlockButton from '@/components/BlockButton';
import Picture from '@/components/Picture';
import { formatNumber } from '@/shared/format';
import { useProductList } from '@/queries/products';
import { useSeller } from '@/queries/sellers';
import { memberSinceYear } from '../products/SellerCard';
import './seller.css';

const idOf = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0);

/**
 * /users/{id} (docs/product.md#screens): a supplier's public page with the verified badge, average rating,
 * member-since year and their products. Any other account is 'This user is not a seller.'
 */
export default function SellerScreen() {
  const id = idOf(useParams<{ id: string }>().id);
  const [attempt, setAttempt] = useState(0);
  // Try again remounts the page, which asks the server again.
  return <Seller key={`${id}:${attempt}`} id={id} onRetry={() => setAttempt((n) => n + 1)} />;
}

function Seller({ id, onRetry }: { id: number; onRetry(): void }) {
  const { t } = useLingui();
  const { seller, status } = useSeller(id);

  let body: ReactNode;
  if (seller && seller.user_type === 'SUPPLIER') body = <SellerPage seller={seller} />;
  else if (seller)
    body = (
      <>
        <PageHeading>
          <Trans>Seller profile</Trans>
        </PageHeading>
        <Alert kind="info">
          <Trans>This user is not a seller.</Trans>
        </Alert>
        <div className="seller__safety">
          <ReportButton type="user" id={seller.id} ownerId={seller.id} name={seller.first_name} />
          <BlockButton userId={seller.id} name={seller.first_name} />
        </div>
      </>
    );
  else if (status === 'missing' || status === 'error') {
    body = (
      <>
        <PageHeading>
          <Trans>Seller profile</Trans>
        </PageHeading>
        <Alert>
          <Trans>Could not load seller profile.</Trans>
        </Alert>
        <button type="button" className="button" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </>
    );
  } else body = <Spinner label={t`Loading…`} />;

  return (
    <main className="screen seller">
      <BackLink href="/">
        <Trans>Back to products</Trans>
      </BackLink>
      {body}
    </main>
  );
}

type SellerView = NonNullable<ReturnType<typeof useSeller>['seller']>;

function SellerPage({ seller }: { seller: SellerView }) {
  const profile = seller.supplier_profile;
  const name = profile?.company_name?.trim() || seller.first_name;
  const year = memberSinceYear(seller.date_joined);
  const rating = seller.seller_average_rating == null ? null : Number(seller.seller_average_rating);
  const ratingText = rating === null ? '' : formatNumber(rating, { maximumFractionDigits: 1 });
  const list = useProductList({ supplier: seller.id });

  return (
    <>
      <header className="seller__header card">
        {profile?.logo_url ? (
          <Picture
            className="seller__logo"
            media={{ url: profile.logo_url, width: 200 }}
            alt=""
            width={88}
            height={88}
            fallback={
              <span className="seller__logo seller__logo--initial" aria-hidden="true">
                {name.charAt(0).toUpperCase()}
              </span>
            }
          />
        ) : (
          <span className="seller__logo seller__logo--initial" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="seller__facts">
          <h1 className="seller__name">
            <span>{name}</span>
            {profile?.is_verified ? <VerifiedBadge /> : null}
          </h1>
          {profile?.is_verified ? (
            <p className="seller__verified">
              <Trans>Verified supplier</Trans>
            </p>
          ) : null}
          <VerificationLine checks={seller.verification ?? []} registry={seller.business_registry} />
          <p className="seller__rating">
            {rating !== null && rating > 0 ? (
              <>
                <Stars rating={rating} size={18} />{' '}
                <span>
                  <Trans>Average rating {ratingText} out of 5</Trans>
                </span>
              </>
            ) : seller.fetched_at === 0 ? null : (
              // Known only from their products (offline): the rating is not known, not zero.
              <span className="muted">
                <Trans>No ratings yet</Trans>
              </span>
            )}
          </p>
          {year ? (
            <p className="seller__since">
              <Trans>Member since {year}</Trans>
            </p>
          ) : null}
        </div>
        {profile?.about ? <p className="seller__about">{profile.about}</p> : null}
        <div className="seller__safety">
          <ReportButton type="user" id={seller.id} ownerId={seller.id} name={name} />
          <BlockButton userId={seller.id} name={name} />
        </div>
      </header>

      <section className="seller__products" aria-labelledby="seller-products-title">
        <h2 id="seller-products-title">
          <Trans>Products</Trans> {list.count > 0 ? <span className="muted">({list.count})</span> : null}
        </h2>
        <DataState
          status={list.status}
          isEmpty={list.products.length === 0}
          error={<Trans>Could not load seller profile.</Trans>}
          empty={
            <p className="muted">
              <Trans>This seller has no products yet.</Trans>
            </p>
          }
        >
          <div className="product-grid">
            {list.products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        </DataState>
        {list.hasMore ? (
          <div className="seller__more">
            <button type="button" className="button" onClick={list.loadMore}>
              <Trans>Show more products</Trans>
            </button>
          </div>
        ) : null}
      </section>
    </>
  );
}
