import { Trans } from '@lingui/react/macro';
import ListingScreen from './ListingScreen';

/** /new-arrivals: the most recently listed products. */
export default function NewArrivalsScreen() {
  return (
    <ListingScreen
      heading={<Trans>New arrivals</Trans>}
      emptyTitle={<Trans>No new arrivals yet</Trans>}
      emptyText={<Trans>Newly listed products appear here first.</Trans>}
    />
  );
}
