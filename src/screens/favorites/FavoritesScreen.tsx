import { useEffect, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import DataState from '@/components/DataState';
import EmptyState from '@/components/EmptyState';
import PageHeading from '@/components/PageHeading';
import ProductGrid from '@/components/ProductGrid';
import { useFavorites } from '@/queries/favorites';
import { engineLeadsForUser, syncNow, useSyncStatus } from '@/queries/status';
import '../screens.css';

/**
 * /favorites: the products the user saved, newest first, kept on the device so they stay
 * available offline (a favourite added offline shows at once). Opening the screen asks for a
 * pull; 'Failed to load your favorite items.' shows when nothing is held and the device has
 * never received the user's data (offline, or the pull failed).
 */
export default function FavoritesScreen() {
  const { t } = useLingui();
  const { data: favorites, status: read } = useFavorites();
  const { lastSyncedAt, online, loaded } = useSyncStatus();
  const [pulled, setPulled] = useState(false);

  // Only a pull this tab's engine ran for the signed-in user tells whether it failed: until the
  // tab leads (another tab may, or the election is still running) and knows the user, keep asking.
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () =>
      syncNow()
        .catch((error: unknown) => console.warn('Could not refresh the favourites', error))
        .then(engineLeadsForUser)
        .then((leads) => {
          if (!active) return;
          if (leads) setPulled(true);
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
  const status =
    read === 'error' || (neverSynced && (!online || pulled)) ? 'error' : !favorites || !loaded || neverSynced ? 'loading' : 'ready';
  const body = (
    <DataState
      status={status}
      isEmpty={count === 0}
      loading={t`Loading your favorites…`}
      error={<Trans>Failed to load your favorite items.</Trans>}
      empty={
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
      }
    >
      {favorites ? <ProductGrid products={favorites} headingLevel={2} /> : null}
    </DataState>
  );

  return (
    <main className="screen favorites">
      <PageHeading subtitle={favorites && count > 0 ? <Plural value={count} one="# saved product" other="# saved products" /> : undefined}>
        <Trans>Favorites</Trans>
      </PageHeading>
      {body}
    </main>
  );
}
