import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { Product } from '../shared/catalogue';
import ProductCard, { type ImagePriority } from './ProductCard';
import Spinner from './Spinner';
import './ui.css';
import './product.css';

/** Above this many cards only the rows near the screen are rendered: thousands of rows stay smooth. */
export const VIRTUALIZE_FROM = 60;
/** Only long lists need the virtualizer: its chunk is not part of a first screen, which stays small to load fast. */
const loadVirtualRows = () => import('./VirtualRows');
const VirtualRows = lazy(loadVirtualRows);

/** The grid's columns at a viewport width: the breakpoints of .product-grid in ui.css (docs/product.md#screens: 2/3/4/5). */
export function columnsFor(width: number): number {
  if (width >= 1200) return 5;
  if (width >= 960) return 4;
  if (width >= 640) return 3;
  return 2;
}

function useColumns(): number {
  const [columns, setColumns] = useState(() => columnsFor(typeof window === 'undefined' ? 0 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setColumns(columnsFor(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return columns;
}

export interface GridProps {
  products: Product[];
  /** More pages exist: asked for when the end of the grid comes near, or with the button. */
  hasMore?: boolean;
  loadMore?: () => void;
  loading?: boolean;
  note?: (product: Product) => ReactNode;
  headingLevel?: 2 | 3;
  /**
   * The grid is in the first screen: its first rows' pictures load at once (never lazily above
   * the fold), and with `lead` the first picture is the page's largest paint, asked for first.
   */
  firstScreen?: boolean | 'lead';
}

/**
 * Stand-ins for cards still on their way, as tall as the cards: a section keeps its final
 * height from the first paint, so nothing below it moves when they come (no layout shift).
 */
export function GridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div className="product-grid-wrap" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div className="product-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders in fixed positions.
          <div key={i} className="product-card product-card--skeleton">
            <div className="product-card__media" />
            <div className="product-card__body">
              <span className="skeleton-line" />
              <span className="skeleton-line skeleton-line--short" />
              <span className="skeleton-line skeleton-line--short" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Calls `onNear` whenever the sentinel comes within a screen of the viewport. */
function useNearEnd(onNear: (() => void) | undefined, active: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onNear);
  latest.current = onNear;
  useEffect(() => {
    const node = sentinel.current;
    if (!active || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current?.();
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [active]);
  return sentinel;
}

/**
 * The product grid of every listing: 2/3/4/5 columns by width; long lists are virtualized,
 * and further pages load as the user nears the end (or presses "Load more").
 */
export default function ProductGrid({
  products,
  hasMore = false,
  loadMore,
  loading = false,
  note,
  headingLevel = 3,
  firstScreen = false,
}: GridProps) {
  const columns = useColumns();
  // Two rows: a phone's first screen shows the second row's top.
  const eager = firstScreen ? columns * 2 : 0;
  const priority = (index: number): ImagePriority => (index === 0 && firstScreen === 'lead' ? 'lead' : index < eager ? 'eager' : 'lazy');
  const sentinel = useNearEnd(loading ? undefined : loadMore, hasMore && !loading);
  const growing = products.length > VIRTUALIZE_FROM / 2;
  // Fetched while the list is still short, so it is in when the list gets long.
  useEffect(() => {
    if (growing) void loadVirtualRows().catch(() => undefined);
  }, [growing]);
  const grid = (shown: Product[]) => (
    <div className="product-grid">
      {shown.map((product, index) => (
        <ProductCard
          key={product.id}
          product={product}
          note={note?.(product)}
          headingLevel={headingLevel}
          imagePriority={priority(index)}
        />
      ))}
    </div>
  );
  return (
    <div className="product-grid-wrap">
      {products.length >= VIRTUALIZE_FROM ? (
        // The first cards until the virtualizer's chunk is in.
        <Suspense fallback={grid(products.slice(0, VIRTUALIZE_FROM))}>
          <VirtualRows products={products} columns={columns} note={note} headingLevel={headingLevel} />
        </Suspense>
      ) : (
        grid(products)
      )}
      <div ref={sentinel} className="product-grid__end" aria-hidden="true" />
      {loading ? <Spinner inline /> : null}
      {hasMore && !loading && loadMore ? (
        <div className="product-grid__more">
          <button type="button" className="button" onClick={loadMore}>
            <Trans>Load more products</Trans>
          </button>
        </div>
      ) : null}
    </div>
  );
}
