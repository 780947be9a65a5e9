import { useEffect, useState, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import Alert from '../../components/Alert';
import EmptyState from '../../components/EmptyState';
import PageHeading from '../../components/PageHeading';
import ProductGrid from '../../components/ProductGrid';
import Spinner from '../../components/Spinner';
import { useFavorites } from '../../data/favorites';
import { useSyncStatus } from '../../data/status';
import { currentUser, isLeader } from '../../sync/engine';
import { syncNow } from '../../sync/intents';
import '../screens.css';

/**
 * /favorites: the products the user saved, newest first, kept on the device so they stay
 * available offline (a favourite added offline shows at once). Opening the screen asks for a
 * pull; 'Failed to load your favorite items.' shows when nothing is held and the device has
 * never received the user's data (offline, or the pull failed).
 */
export default function FavoritesScreen() {
  const { t } = useLingui();
  const favorites = useFavorites();
  const { lastSyncedAt, online, loaded } = useSyncStatus();
  const [pulled, setPulled] = useState(false);

  // Only a pull this tab's engine ran for the signed-in user tells whether it failed: until the
  // tab leads (another tab may, or the election is still running) and knows the user, keep asking.
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () =>
      syncNow().finally(() => {
        if (!active) return;
        if (isLeader() && currentUser()) setPulled(true);
        else timer = setTimeout(attempt, 1000);
      });
    void attempt();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, []);

  const count = favorites?.length ?? 0;
  // Unknown until the sync facts are read: not a failure yet.
  const neverSynced = loaded && lastSyncedAt === null;
  let body: ReactNode;
  if (favorites && count > 0) {
    body = <ProductGrid products={favorites} headingLevel={2} />;
  } else if (neverSynced && (!online || pulled)) {
    body = (
      <Alert>
        <Trans>Failed to load your favorite items.</Trans>
      </Alert>
    );
  } else if (!favorites || !loaded || neverSynced) {
    body = <Spinner label={t`Loading your favorites…`} />;
  } else {
    body = (
      <EmptyState
        title={<Trans>No favorites yet</Trans>}
        action={
          <Link href="/" className="button button--primary">
            <Trans>Explore products</Trans>
          </Link>
        }
      >
        <Trans>Tap the heart on a product to save it here.</Trans>
      </EmptyState>
    );
  }

  return (
    <main className="screen favorites">
      <PageHeading subtitle={favorites && count > 0 ? <Plural value={count} one="# saved product" other="# saved products" /> : undefined}>
        <Trans>Favorites</Trans>
      </PageHeading>
      {body}
    </main>
  );
}
