import type { ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';
import DataState from '@/components/DataState';
import EmptyState from '@/components/EmptyState';
import PageHeading from '@/components/PageHeading';
import ProductGrid, { GridSkeleton } from '@/components/ProductGrid';
import type { Product } from '@/shared/catalogue';
import { useProductList, type ListQuery } from '@/queries/products';
import { useConnectivity } from '@/queries/status';
import { hasListingFilters, listingFilterParams, type ListingFilters } from '@/shared/listing-filters';
import { readListingFilters } from '@/shared/listing-filters-url';
import ListingControls from './ListingControls';
import '../screens.css';
import './listings.css';

/** Two rows of the widest grid: the first screen's cards. */
const SKELETON_CARDS = 8;

/**
 * The frame every product listing shares (search, category, flash deals, new arrivals): the
 * heading with the result count, the grid with more pages as the user scrolls, an empty state
 * pointing back to the catalogue, and the screen's own failure message (docs/product.md#messages) when the
 * server failed and the device holds nothing that matches. Offline it lists what the device
 * holds and says so.
 */
export default function ListingScreen({
  heading,
  query,
  emptyTitle,
  emptyText,
  failure,
  note,
  notice,
  emptyAction,
}: {
  heading: ReactNode;
  query: ListQuery;
  emptyTitle: ReactNode;
  emptyText?: ReactNode;
  failure: ReactNode;
  note?: (product: Product) => ReactNode;
  /** A line above the results (a search's "did you mean"). */
  notice?: ReactNode;
  /** The empty list's first action (a search's "Can't find it? Ask suppliers"), before "Explore products". */
  emptyAction?: ReactNode;
}) {
  const { t } = useLingui();
  // Sorting and filters live in the URL's query string: shareable, kept on reload and by Back.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = readListingFilters(new URLSearchParams(search));
  const filtered = hasListingFilters(filters);
  const list = useProductList(filtered ? { ...query, filters } : query);
  const changeFilters = (next: ListingFilters) => {
    const params = new URLSearchParams(listingFilterParams(next)).toString();
    navigate(params ? `${location}?${params}` : location, { replace: true });
  };
  const online = useConnectivity();
  const count = list.count;
  // The count's line is held while loading, so the grid below does not move when it comes.
  const subtitle =
    list.status === 'ready' ? <Plural value={count} one="# product" other="# products" /> : <span aria-hidden="true">{'\u00a0'}</span>;

  // Until the first cards come, skeleton cards where they will be (no layout shift).
  const body =
    list.status === 'loading' && list.products.length === 0 ? (
      <GridSkeleton count={SKELETON_CARDS} label={t`Loading products…`} />
    ) : (
      <DataState
        status={list.status}
        isEmpty={list.products.length === 0}
        loading={t`Loading products…`}
        error={failure}
        empty={
          filtered ? (
            <EmptyState
              title={<Trans>No products match these filters</Trans>}
              action={
                <button type="button" className="button button--primary" onClick={() => changeFilters({})}>
                  <Trans>Clear filters</Trans>
                </button>
              }
            />
          ) : (
            <EmptyState
              title={emptyTitle}
              action={
                <>
                  {emptyAction}
                  <Link href="/" className={emptyAction ? 'button button--ghost' : 'button button--primary'}>
                    <Trans>Explore products</Trans>
                  </Link>
                </>
              }
            >
              {emptyText}
            </EmptyState>
          )
        }
      >
        <ProductGrid
          products={list.products}
          hasMore={list.hasMore}
          loadMore={list.loadMore}
          note={note}
          headingLevel={2}
          firstScreen="lead"
        />
      </DataState>
    );

  return (
    <main className="screen listing">
      <PageHeading subtitle={subtitle}>{heading}</PageHeading>
      <ListingControls filters={filters} onChange={changeFilters} />
      {notice}
      {list.source === 'device' && !online && list.status === 'ready' ? (
        <p className="listing__device-note" role="status">
          <Trans>Showing the products saved on this device.</Trans>
        </p>
      ) : null}
      {body}
    </main>
  );
}

/** A URL segment as the user typed it; a malformed escape is shown as it is rather than failing. */
export function decodeSegment(segment: string | undefined): string {
  if (!segment) return '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
