import { Trans } from '@lingui/react/macro';
import type { OfferEvent } from '@/shared/deals';

/** An answer to an offer, worded in the reader's language (the server's English text is for other clients). */
export default function AnswerLine({ event }: { event: OfferEvent }) {
  return (
    <p className="message__answer">
      {event === 'accepted' ? (
        <Trans>Accepted the offer.</Trans>
      ) : event === 'declined' ? (
        <Trans>Declined the offer.</Trans>
      ) : event === 'withdrawn' ? (
        <Trans>Withdrew the offer.</Trans>
      ) : (
        <Trans>Countered the offer.</Trans>
      )}
    </p>
  );
}
