import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { useCategories } from '@/queries/categories';
import NotFound from '../NotFound';
import ListingScreen, { decodeSegment } from './ListingScreen';
import { useContentText } from '@/queries/content';

/** /category/{categoryId}/{categoryName}: the products of one category, named from the device's categories, else from the URL. */
export default function CategoryScreen() {
  const params = useParams<{ categoryId: string; categoryName: string }>();
  const categories = useCategories();
  const { categoryName } = useContentText();
  const id = /^\d+$/.test(params.categoryId) ? Number(params.categoryId) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  const category = categories.find((c) => c.id === id);
  const name = category ? categoryName(category) : decodeSegment(params.categoryName);
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
