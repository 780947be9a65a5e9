import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Product } from '../shared/catalogue';
import { useFavoriteState, toggleFavorite } from '../queries/favorites';
import { useAuth } from '../queries/auth';
import { discardOutboxEntry, retryOutboxEntry } from '../queries/status';
import { NotSignedInError } from '../queries/favorites';
import { HeartIcon } from './icons';
import { showToast } from './Toast';
import './product.css';

/**
 * The favourite toggle (docs/product.md#screens, #messages): adds when not favourited, removes when favourited,
 * with a 2.5 s toast. The change is saved on the device at once and sent by the outbox:
 * disabled only while the request is really on its way; while it waits (offline, or the server
 * in trouble) it shows as waiting and a tap undoes it (the two collapse, nothing is sent);
 * a change the server refused is undone and its reason shown in a toast when it was made here,
 * else (made offline, refused later) shown as a panel over the page with retry and discard. Guests are told to log in.
 */
/** Long enough to read a server's reason. */
const FAILURE_TOAST_MS = 6000;

export default function FavoriteButton({ product, compact = false }: { product: Product; compact?: boolean }) {
  const { t } = useLingui();
  const { status } = useAuth();
  const state = useFavoriteState(product.id);
  const [busy, setBusy] = useState(false);
  // Until the device answered, the list's view of the product (a ProductView, read from the same table) avoids a flash of the wrong heart.
  const favorited = state.loaded ? state.favorited : product.is_favorited;
  const sending = state.pending;
  const failed = state.error !== undefined;
  const name = product.name;
  // Set when this button sent the change: a refusal then undoes it here, with the reason in a toast.
  const toggledHere = useRef(false);

  useEffect(() => {
    if (state.error === undefined || state.outboxId === undefined || !toggledHere.current) return;
    toggledHere.current = false;
    const reason = state.error;
    showToast(reason ? `${t`Could not update favorites.`} ${reason}` : t`Could not update favorites.`, 'error', FAILURE_TOAST_MS);
    void discardOutboxEntry(state.outboxId).catch(() => undefined);
  }, [state.error, state.outboxId, t]);

  const toggle = async () => {
    if (status !== 'authenticated') {
      showToast(t`Please log in to manage favorites.`, 'error');
      return;
    }
    setBusy(true);
    toggledHere.current = true;
    try {
      const result = await toggleFavorite(product);
      showToast(result === 'added' ? t`Added to favorites!` : t`Removed from favorites`);
    } catch (error) {
      showToast(error instanceof NotSignedInError ? t`Please log in to manage favorites.` : t`Could not update favorites.`, 'error');
    } finally {
      setBusy(false);
    }
  };

  const act = async (action: (outboxId: number) => Promise<void>) => {
    if (state.outboxId === undefined) return;
    try {
      await action(state.outboxId);
    } catch {
      showToast(t`Could not update favorites.`, 'error');
    }
  };

  return (
    <div className="favorite-state">
      <button
        type="button"
        className={`favorite-button${compact ? '' : ' favorite-button--wide'}`}
        aria-pressed={favorited}
        aria-label={compact ? t`Favorite: ${name}` : undefined}
        title={sending ? t`Waiting to sync` : undefined}
        disabled={busy || state.inFlight}
        onClick={toggle}
      >
        <HeartIcon />
        {compact ? null : (
          <span>
            <Trans>Favorite</Trans>
          </span>
        )}
        {sending ? (
          <span className="favorite-button__pending">
            <span className="visually-hidden">
              <Trans>Waiting to sync</Trans>
            </span>
          </span>
        ) : null}
      </button>
      {failed && !toggledHere.current ? (
        <div className="favorite-state__failed" role="alert">
          <p>
            <Trans>Could not update favorites.</Trans> {state.error}
          </p>
          <div className="favorite-state__actions">
            <button type="button" className="button button--small" onClick={() => act(retryOutboxEntry)}>
              <Trans>Retry</Trans>
            </button>
            <button type="button" className="button button--small button--ghost" onClick={() => act(discardOutboxEntry)}>
              <Trans>Discard</Trans>
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
