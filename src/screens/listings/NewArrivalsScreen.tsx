import { Trans } from '@lingui/react/macro';
import ListingScreen from './ListingScreen';

/** /new-arrivals: every product, newest first. */
export default function NewArrivalsScreen() {
  return (
    <ListingScreen
      query={{ section: 'new-arrivals' }}
      heading={<Trans>New arrivals</Trans>}
      emptyTitle={<Trans>No new arrivals yet</Trans>}
      emptyText={<Trans>Newly listed products appear here first.</Trans>}
      failure={<Trans>Failed to fetch new arrivals.</Trans>}
    />
  );
}
