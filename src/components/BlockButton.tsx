import { createPortal } from 'react-dom';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAuth } from '@/queries/auth';
import { blockUser, unblockUser, useBlocked } from '@/queries/blocks';
import { errorDetail } from '@/queries/errors';
import { useConnectivity } from '@/queries/status';
import './trust.css';

interface Props {
  userId: number;
  name: string;
  className?: string;
}

/**
 * Block and unblock an account (docs/product.md#trust-and-safety), after a confirmation. Online only:
 * offline the button says it needs a connection rather than promising a block the server does not have.
 */
export default function BlockButton({ userId, name, className }: Props) {
  const { t } = useLingui();
  const { user } = useAuth();
  const online = useConnectivity();
  const blocked = useBlocked(user?.id);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user || user.id === userId) return null;
  const isBlocked = blocked.list.some((u) => u.id === userId);
  const hintId = `block-hint-${userId}`;

  const unblock = async () => {
    setBusy(true);
    setError(null);
    try {
      await unblockUser(userId);
    } catch (err) {
      setError(errorDetail(err, t`Could not unblock ${name}.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className={['block-control', className ?? ''].filter(Boolean).join(' ')}>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={!online || busy || blocked.status === 'loading'}
        aria-describedby={online ? undefined : hintId}
        aria-busy={busy || undefined}
        onClick={() => (isBlocked ? void unblock() : setConfirming(true))}
      >
        {isBlocked ? <Trans>Unblock</Trans> : <Trans>Block</Trans>}
      </button>
      {online ? null : (
        <span id={hintId} className="form-reason">
          <Trans>Blocking needs a connection.</Trans>
        </span>
      )}
      {error ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : null}
      {confirming ? <ConfirmBlock userId={userId} name={name} onClose={() => setConfirming(false)} /> : null}
    </span>
  );
}

function ConfirmBlock({ userId, name, onClose }: { userId: number; name: string; onClose(): void }) {
  const { t } = useLingui();
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => cancel.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await blockUser({ id: userId, name });
      onClose();
    } catch (err) {
      setBusy(false);
      setError(errorDetail(err, t`Could not block ${name}.`));
    }
  };
  // On document.body: a page part that makes its own stacking context (the product page) must not hold the sheet under the bars.
  return createPortal(
    <div className="modal-backdrop trust-sheet-backdrop">
      <div
        className="modal card trust-sheet"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>
          <Trans>Block {name}?</Trans>
        </h2>
        <p id={`${id}-text`}>
          <Trans>
            They will no longer be able to start a conversation with you, message you or answer your offers, and you will stop getting
            notifications from them. They are not told. You can unblock them in Settings.
          </Trans>
        </p>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <button
            type="button"
            className="button button--danger"
            onClick={() => void confirm()}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            <Trans>Block</Trans>
          </button>
          <button ref={cancel} type="button" className="button button--ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
