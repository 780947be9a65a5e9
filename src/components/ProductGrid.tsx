import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Trans } from '@lingui/react/macro';
import type { Product } from '../shared/catalogue';
import ProductCard from './ProductCard';
import Spinner from './Spinner';
import './ui.css';
import './product.css';

/** Above this many cards only the rows near the screen are rendered: thousands of rows stay smooth. */
export const VIRTUALIZE_FROM = 60;
/** Card (200 px image + text) plus the gap; rows are measured once shown. */
const ROW_ESTIMATE_PX = 352;

/** The grid's columns at a viewport width: the breakpoints of .product-grid in ui.css (spec §2: 2/3/4/5). */
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

interface GridProps {
  products: Product[];
  /** More pages exist: asked for when the end of the grid comes near, or with the button. */
  hasMore?: boolean;
  loadMore?: () => void;
  loading?: boolean;
  note?: (product: Product) => ReactNode;
  headingLevel?: 2 | 3;
}

/** Calls `onNear` whenever the sentinel comes within a screen of the viewport. */
function useNearEnd(onNear: (() => void) | undefined, active: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onNear);
  latest.current = onNear;
  useEffect(() => {
    const node = sentinel.current;
    if (!active || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current?.();
    }, { rootMargin: '0px 0px 100% 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [active]);
  return sentinel;
}

function VirtualRows({ products, columns, note, headingLevel }: GridProps & { columns: number }) {
  const list = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  // Where the list starts in the page; content above it (banners, other sections) may still change size.
  useLayoutEffect(() => {
    const measure = () => setOffset(list.current ? Math.round(list.current.getBoundingClientRect().top + window.scrollY) : 0);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const rows = Math.ceil(products.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows, estimateSize: () => ROW_ESTIMATE_PX, overscan: 2, scrollMargin: offset,
    // A row not laid out yet (0 px) keeps its estimate instead of collapsing the list.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_ESTIMATE_PX,
  });
  return (
    <div ref={list} className="product-grid-virtual" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <div key={row.key} ref={virtualizer.measureElement} data-index={row.index} className="product-grid product-grid-virtual__row"
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}>
          {products.slice(row.index * columns, row.index * columns + columns).map((product) => (
            <ProductCard key={product.id} product={product} note={note?.(product)} headingLevel={headingLevel} />
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * The product grid of every listing: 2/3/4/5 columns by width; long lists are virtualized,
 * and further pages load as the user nears the end (or presses "Load more").
 */
export default function ProductGrid({ products, hasMore = false, loadMore, loading = false, note, headingLevel = 3 }: GridProps) {
  const columns = useColumns();
  const sentinel = useNearEnd(loading ? undefined : loadMore, hasMore && !loading);
  return (
    <div className="product-grid-wrap">
      {products.length >= VIRTUALIZE_FROM ? (
        <VirtualRows products={products} columns={columns} note={note} headingLevel={headingLevel} />
      ) : (
        <div className="product-grid">
          {products.map((product) => <ProductCard key={product.id} product={product} note={note?.(product)} headingLevel={headingLevel} />)}
        </div>
      )}
      <div ref={sentinel} className="product-grid__end" aria-hidden="true" />
      {loading ? <Spinner inline /> : null}
      {hasMore && !loading && loadMore ? (
        <div className="product-grid__more">
          <button type="button" className="button" onClick={loadMore}><Trans>Load more products</Trans></button>
        </div>
      ) : null}
    </div>
  );
}
