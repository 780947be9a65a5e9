import { Trans } from '@lingui/react/macro';
import ProductCard from '@/components/ProductCard';
import { useProductList } from '@/queries/products';
import type { Product } from '@/shared/catalogue';

const RELATED_COUNT = 12;

/** Other products of the same category (docs/product.md#screens, docs/api.md#calls `?category=&exclude=`), in one horizontal row. */
export default function RelatedProducts({ product }: { product: Product }) {
  const categoryId = product.category?.id;
  const list = useProductList({ category: categoryId, exclude: product.id, pageSize: RELATED_COUNT });
  // Without a category every product would be "related".
  const products = categoryId ? list.products.filter((p) => p.id !== product.id).slice(0, RELATED_COUNT) : [];
  if (products.length === 0) return null;
  return (
    <section className="related" aria-labelledby="related-title">
      <h2 id="related-title">
        <Trans>Related products</Trans>
      </h2>
      <ul className="related__row">
        {products.map((p) => (
          <li key={p.id} className="related__item">
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
