import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Product } from '../shared/catalogue';
import ProductCard from './ProductCard';

/** What the grid (src/components/ProductGrid.tsx) hands down; declared here so the lazy rows never import the grid back. */
interface RowsProps {
  products: Product[];
  columns: number;
  note?: (product: Product) => ReactNode;
  headingLevel?: 2 | 3;
}

/** Card (square picture + text) plus the gap, a first guess; rows are measured once shown. */
const ROW_ESTIMATE_PX = 352;

/** The rows of a long product grid (src/components/ProductGrid.tsx) near the screen only: thousands of rows stay smooth. */
export default function VirtualRows({ products, columns, note, headingLevel }: RowsProps) {
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
    count: rows,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 2,
    scrollMargin: offset,
    // A row not laid out yet (0 px) keeps its estimate instead of collapsing the list.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_ESTIMATE_PX,
  });
  return (
    <div ref={list} className="product-grid-virtual" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          ref={virtualizer.measureElement}
          data-index={row.index}
          className="product-grid product-grid-virtual__row"
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
        >
          {products.slice(row.index * columns, row.index * columns + columns).map((product) => (
            <ProductCard key={product.id} product={product} note={note?.(product)} headingLevel={headingLevel} />
          ))}
        </div>
      ))}
    </div>
  );
}
