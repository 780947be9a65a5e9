import { useDeferredValue, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import Alert from '@/components/Alert';
import EmptyState from '@/components/EmptyState';
import ProductGrid, { GridSkeleton } from '@/components/ProductGrid';
import { useBanners } from '@/queries/catalogue';
import { useProductList, type ListView } from '@/queries/products';
import { HOME_LISTS, SECTION_SIZE } from '@/queries/home';
import { useAuth } from '@/queries/auth';
import { useConnectivity } from '@/queries/status';
import BannerCarousel from './BannerCarousel';
import '../screens.css';
import './home.css';

const NONE: ListView['products'] = [];
/** Explore's first page: the list's page size (src/db/listQuery.ts). */
const EXPLORE_PAGE = 20;

/** Whether a section above has cards, or may still bring them: then this one's cards can wait. */
const leads = (list: ListView) => list.products.length > 0 || list.status === 'loading';

/**
 * One titled grid. `later` sections render their cards in a background pass after the first
 * one painted (useDeferredValue): on a repeat visit the first grid shows without waiting for the
 * 30 cards below it (bench/home-paint.ts). Until its cards come, the section holds `expected`
 * skeleton cards, so the sections below never move (no layout shift).
 */
function Section({
  id,
  title,
  list,
  empty,
  endless = false,
  later = false,
  expected,
  firstScreen = false,
}: {
  id: string;
  title: ReactNode;
  list: ListView;
  empty: ReactNode;
  endless?: boolean;
  later?: boolean;
  expected: number;
  firstScreen?: boolean | 'lead';
}) {
  const { t } = useLingui();
  const deferred = useDeferredValue(list.products, NONE);
  const products = later ? deferred : list.products;
  let body: ReactNode;
  if (products.length > 0) {
    body = endless ? (
      <ProductGrid products={products} hasMore={list.hasMore} loadMore={list.loadMore} firstScreen={firstScreen} />
    ) : (
      <ProductGrid products={products} firstScreen={firstScreen} />
    );
  } else if (list.status === 'loading' || list.products.length > 0) {
    body = <GridSkeleton count={expected} label={t`Loading products…`} />;
  } else {
    body = <p className="muted">{empty}</p>;
  }
  return (
    <section className="product-section" aria-labelledby={id}>
      <h2 id={id} className="product-section__title">
        {title}
      </h2>
      {body}
    </section>
  );
}

/**
 * Home (docs/product.md#screens): the banner carousel (or the welcome text without banners), then Top rated,
 * Hot selling and Explore. Everything renders from the device at once and follows the server
 * when it answers. The welcome/no-products state shows only when the server says the
 * catalogue is empty; with nothing on the device and no server, the page says it failed.
 */
export default function HomeScreen() {
  const { user } = useAuth();
  const online = useConnectivity();
  const { data: banners } = useBanners();
  const topRated = useProductList(HOME_LISTS.topRated);
  const hotSelling = useProductList(HOME_LISTS.hotSelling);
  const explore = useProductList(HOME_LISTS.explore);
  const firstName = user?.first_name;
  const supplier = user?.user_type === 'SUPPLIER';
  const hasBanners = Boolean(banners && banners.length > 0);

  const nothingHeld = explore.products.length === 0;
  const catalogueEmpty = nothingHeld && explore.status === 'ready' && explore.source === 'server' && explore.count === 0;
  const failed = nothingHeld && (explore.status === 'error' || (!online && explore.status === 'ready' && explore.source === 'device'));

  const welcome = user ? <Trans>Welcome back, {firstName}!</Trans> : <Trans>Welcome to Connecting Markets</Trans>;

  return (
    <main className="screen home">
      {/* One slot of a fixed height from the first paint, whether banners or the welcome fill it. */}
      <div className="home__banner">
        {hasBanners ? (
          <>
            <h1 id="home-welcome" className="visually-hidden" tabIndex={-1}>
              {welcome}
            </h1>
            <BannerCarousel banners={banners ?? []} />
          </>
        ) : (
          <section className="banner banner--welcome" aria-labelledby="home-welcome">
            <h1 id="home-welcome" tabIndex={-1}>
              {welcome}
            </h1>
            <p>
              <Trans>Buy and sell products across Nigeria, Senegal, Côte d'Ivoire and Türkiye.</Trans>
            </p>
          </section>
        )}
      </div>

      {failed ? (
        <Alert>
          <Trans>Could not load page content. Please try refreshing.</Trans>
        </Alert>
      ) : catalogueEmpty ? (
        <EmptyState
          title={<Trans>Welcome to the marketplace!</Trans>}
          action={
            supplier ? (
              <Link href="/products/add" className="button button--primary">
                <Trans>Add your first product</Trans>
              </Link>
            ) : null
          }
        >
          <Trans>There are no products yet. New listings from suppliers will show up here.</Trans>
        </EmptyState>
      ) : (
        <>
          <Section
            id="home-top-rated"
            title={<Trans>Top rated</Trans>}
            list={topRated}
            empty={<Trans>No product has been reviewed yet.</Trans>}
            expected={SECTION_SIZE}
            firstScreen={hasBanners ? true : 'lead'}
          />
          <Section
            id="home-hot-selling"
            title={<Trans>Hot selling</Trans>}
            list={hotSelling}
            empty={<Trans>Nothing is selling fast right now.</Trans>}
            expected={SECTION_SIZE}
            later={leads(topRated)}
          />
          <Section
            id="home-explore"
            title={<Trans>Explore</Trans>}
            list={explore}
            empty={<Trans>No products to show.</Trans>}
            expected={EXPLORE_PAGE}
            endless
            later={leads(topRated) || leads(hotSelling)}
          />
        </>
      )}
    </main>
  );
}
