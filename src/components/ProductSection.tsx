import type { ReactNode } from 'react';
import './ui.css';

/**
 * A titled block of product cards in the responsive grid of docs/product.md#screens (2/3/4/5 columns by
 * screen width). `children` are the cards; with none, the section shows `empty` instead.
 */
export default function ProductSection({
  title,
  count,
  empty,
  children,
  id,
}: {
  title: ReactNode;
  count: number;
  empty?: ReactNode;
  children?: ReactNode;
  id: string;
}) {
  return (
    <section className="product-section" aria-labelledby={id}>
      <h2 id={id} className="product-section__title">
        {title}
      </h2>
      {count > 0 ? <div className="product-grid">{children}</div> : empty ? <p className="muted">{empty}</p> : null}
    </section>
  );
}
