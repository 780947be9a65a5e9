import { Trans } from '@lingui/react/macro';

/**
 * What a change kept on the device says until the server has it (docs/architecture.md#the-web-app-one-direction): waiting to be
 * sent, or refused with the server's reason and the choice to retry or discard it.
 */
export default function PendingNote({
  state,
  error,
  onRetry,
  onDiscard,
}: {
  state: 'sending' | 'failed';
  error?: string;
  onRetry?: () => void;
  onDiscard?: () => void;
}) {
  if (state === 'sending') {
    return (
      <p className="pending-note" role="status">
        <Trans>Saved on this device; it will be sent when the connection allows.</Trans>
      </p>
    );
  }
  return (
    <div className="pending-note pending-note--failed" role="alert">
      <p className="pending-note__text">
        <Trans>Not sent.</Trans>
      </p>
      {error ? <p className="pending-note__reason">{error}</p> : null}
      <div className="review__buttons">
        {onRetry ? (
          <button type="button" className="button button--small" onClick={onRetry}>
            <Trans>Retry</Trans>
          </button>
        ) : null}
        {onDiscard ? (
          <button type="button" className="button button--small" onClick={onDiscard}>
            <Trans>Discard</Trans>
          </button>
        ) : null}
      </div>
    </div>
  );
}
