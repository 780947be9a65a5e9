import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import ListingScreen, { decodeSegment } from './ListingScreen';

/** /category/{categoryId}/{categoryName}: the products of one category, named from the URL. */
export default function CategoryScreen() {
  const { categoryName } = useParams<{ categoryId: string; categoryName: string }>();
  const name = decodeSegment(categoryName);
  return (
    <ListingScreen
      heading={name}
      emptyTitle={<Trans>No products in this category</Trans>}
      emptyText={<Trans>No supplier has listed a product in {name} yet.</Trans>}
    />
  );
}
