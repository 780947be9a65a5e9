import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import EmptyState from '../../components/EmptyState';
import PageHeading from '../../components/PageHeading';
import '../screens.css';

/** /favorites: the products the user saved (kept on the device, so they stay available offline). */
export default function FavoritesScreen() {
  return (
    <main className="screen favorites">
      <PageHeading><Trans>Favorites</Trans></PageHeading>
      <EmptyState
        title={<Trans>No favorites yet</Trans>}
        action={<Link href="/" className="button button--primary"><Trans>Explore products</Trans></Link>}
      >
        <Trans>Tap the heart on a product to save it here.</Trans>
      </EmptyState>
    </main>
  );
}
