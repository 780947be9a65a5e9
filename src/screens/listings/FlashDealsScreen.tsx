import { Trans } from '@lingui/react/macro';
import ListingScreen from './ListingScreen';

/** /flash-deals: products with a price cut. */
export default function FlashDealsScreen() {
  return (
    <ListingScreen
      heading={<Trans>Flash deals</Trans>}
      emptyTitle={<Trans>No flash deals right now</Trans>}
      emptyText={<Trans>Deals appear here as soon as suppliers lower their prices.</Trans>}
    />
  );
}
