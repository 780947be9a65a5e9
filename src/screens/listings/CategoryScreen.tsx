import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { useCategories } from '../../queries/categories';
import NotFound from '../NotFound';
import ListingScreen, { decodeSegment } from './ListingScreen';

/** /category/{categoryId}/{categoryName}: the products of one category, named from the device's categories, else from the URL. */
export default function CategoryScreen() {
  const params = useParams<{ categoryId: string; categoryName: string }>();
  const categories = useCategories();
  const id = /^\d+$/.test(params.categoryId) ? Number(params.categoryId) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  const name = categories.find((c) => c.id === id)?.name ?? decodeSegment(params.categoryName);
  return (
    <ListingScreen
      query={{ category: id }}
      heading={name}
      emptyTitle={<Trans>No products in this category</Trans>}
      emptyText={<Trans>No supplier has listed a product in {name} yet.</Trans>}
      failure={<Trans>Failed to fetch results.</Trans>}
    />
  );
}
