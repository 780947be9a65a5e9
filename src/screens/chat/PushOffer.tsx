import { Trans } from '@lingui/react/macro';
import { usePushOffer } from '@/queries/push';

/**
 * "Get told when they answer?" (docs/product.md#notifications): shown in the conversation once
 * the user has sent something, before the browser's own question, which comes only on "Turn on".
 */
export default function PushOffer({ userId }: { userId: number }) {
  const offer = usePushOffer(userId);
  if (!offer.shown) return null;
  return (
    <aside className="alert alert--info chat__push-offer" aria-labelledby="push-offer-title">
      <p id="push-offer-title">
        <strong>
          <Trans>Get told when they answer?</Trans>
        </strong>
      </p>
      <p>
        <Trans>We can show a notification on this device when a reply, an offer or an order arrives, even with the app closed.</Trans>
      </p>
      <div className="chat__push-actions">
        <button type="button" className="button button--primary" disabled={offer.busy} onClick={() => void offer.accept()}>
          <Trans>Turn on notifications</Trans>
        </button>
        <button type="button" className="button" disabled={offer.busy} onClick={offer.dismiss}>
          <Trans>Not now</Trans>
        </button>
      </div>
    </aside>
  );
}
