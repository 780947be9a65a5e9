import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Spinner from '@/components/Spinner';
import { useAuth } from '@/queries/auth';
import { unblockUser, useBlocked } from '@/queries/blocks';
import { errorDetail } from '@/queries/errors';
import { useConnectivity } from '@/queries/status';
import '@/components/trust.css';

/** Settings → Blocked (docs/product.md#trust-and-safety): the accounts the user blocked, each with Unblock. Online only. */
export default function BlockedAccounts() {
  const { t } = useLingui();
  const { user } = useAuth();
  const online = useConnectivity();
  const { list, status, reload } = useBlocked(user?.id);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const unblock = async (id: number, name: string) => {
    setBusy(id);
    setError(null);
    try {
      await unblockUser(id);
    } catch (err) {
      setError(errorDetail(err, t`Could not unblock ${name}.`));
    } finally {
      setBusy(null);
    }
  };

  let body: ReactNode;
  if (status === 'loading') body = <Spinner label={t`Loading…`} />;
  else if (status === 'error')
    body = (
      <>
        <p className="form-reason">
          {online ? (
            <Trans>Could not load the accounts you blocked.</Trans>
          ) : (
            <Trans>The list of blocked accounts needs a connection.</Trans>
          )}
        </p>
        <button type="button" className="button button--small" onClick={reload} disabled={!online}>
          <Trans>Try again</Trans>
        </button>
      </>
    );
  else if (list.length === 0)
    body = (
      <p className="muted">
        <Trans>You have not blocked anyone.</Trans>
      </p>
    );
  else
    body = (
      <ul className="blocked-list">
        {list.map(({ id, name }) => (
          <li key={id}>
            <span className="blocked-list__name">{name}</span>
            <button
              type="button"
              className="button button--small"
              disabled={!online || busy !== null}
              aria-busy={busy === id || undefined}
              aria-label={t`Unblock ${name}`}
              onClick={() => void unblock(id, name)}
            >
              <Trans>Unblock</Trans>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="settings-blocked" className="card profile__card">
      <h2 id="settings-blocked">
        <Trans>Blocked accounts</Trans>
      </h2>
      <p className="form-reason">
        <Trans>They cannot start a conversation with you, message you or answer your offers, and you get no notifications from them.</Trans>
      </p>
      {body}
      {!online && status === 'ready' ? (
        <p className="form-reason">
          <Trans>Unblocking needs a connection.</Trans>
        </p>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
