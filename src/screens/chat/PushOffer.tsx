import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePushOffer } from '@/queries/push';

/**
 * "Get told when they answer?" (docs/product.md#notifications): shown in the conversation once
 * the user has sent something, before the browser's own question, which comes only on "Turn on".
 * On a phone it is one line above the composer, so the history keeps its room: the explanation
 * is one tap away ("Why?"), and "Not now" is a close button. From tablets up it shows in full.
 */
export default function PushOffer({ userId }: { userId: number }) {
  const offer = usePushOffer(userId);
  const { t } = useLingui();
  const [why, setWhy] = useState(false);
  if (!offer.shown) return null;
  return (
    <aside className="alert alert--info chat__push-offer" aria-labelledby="push-offer-title">
      <div className="chat__push-line">
        <p className="chat__push-question">
          <strong id="push-offer-title">
            <Trans>Get told when they answer?</Trans>
          </strong>{' '}
          <button type="button" className="chat__push-why" aria-expanded={why} aria-controls="push-offer-why" onClick={() => setWhy(!why)}>
            <Trans>Why?</Trans>
          </button>
        </p>
        <div className="chat__push-actions">
          <button
            type="button"
            className="button button--primary"
            aria-label={t`Turn on notifications`}
            disabled={offer.busy}
            onClick={() => void offer.accept()}
          >
            <span className="chat__push-phone" aria-hidden="true">
              <Trans>Turn on</Trans>
            </span>
            <span className="chat__push-wide" aria-hidden="true">
              <Trans>Turn on notifications</Trans>
            </span>
          </button>
          <button type="button" className="button chat__push-dismiss" aria-label={t`Not now`} disabled={offer.busy} onClick={offer.dismiss}>
            <span className="chat__push-phone" aria-hidden="true">
              ×
            </span>
            <span className="chat__push-wide" aria-hidden="true">
              <Trans>Not now</Trans>
            </span>
          </button>
        </div>
      </div>
      <p id="push-offer-why" className="chat__push-explain" hidden={!why}>
        <Trans>We can show a notification on this device when a reply, an offer or an order arrives, even with the app closed.</Trans>
      </p>
    </aside>
  );
}
