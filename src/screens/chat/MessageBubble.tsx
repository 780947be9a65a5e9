import type { ProductLimits } from '@/queries/deals';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageRow } from '@/queries/chat';
import { formatDate, formatDateTime } from '@/shared/format';
import Attachment from './Attachment';
import PendingFile from './PendingFile';
import UploadProgress from './UploadProgress';
import OfferCard from './OfferCard';
import AnswerLine from './AnswerLine';
import { ReportAction } from '@/components/ReportButton';

interface Props {
  message: MessageRow;
  mine: boolean;
  formatPrice(usd: string): string;
  onOpenMedia(url: string, kind: 'image' | 'video'): void;
  onRetry(outboxId: number): void;
  onDiscard(outboxId: number): void;
  /** The reader is the conversation's supplier. */
  supplier?: boolean;
  /** The product's minimum order and stock, when the device holds it. */
  product?: ProductLimits | null;
}

function timeOf(iso: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return today ? formatDate(date, { timeStyle: 'short' }) : formatDateTime(date);
}

/**
 * One message: an offer's price, its file, its text, and when it was sent. A message still
 * in the outbox says it is sending; one the server refused says why and offers retry and discard.
 */
export default function MessageBubble({
  message,
  mine,
  formatPrice,
  onOpenMedia,
  onRetry,
  onDiscard,
  supplier = false,
  product = null,
}: Props) {
  const { t } = useLingui();
  const { pending, outboxId } = message;
  const classes = ['message', mine ? 'message--mine' : 'message--theirs', pending ? `message--${pending}` : ''].filter(Boolean).join(' ');
  const offer = message.price !== null;
  const headline = message.file_name
    ? t`Failed to send message. The file might be too large or of an unsupported type.`
    : t`Failed to send the message. Please try again.`;
  // The server's reason beside the spec's message, unless it says the same thing.
  const reason = message.error && message.error !== headline ? message.error : null;
  return (
    <li className={classes}>
      <div className="message__bubble">
        {offer ? <OfferCard offer={message} mine={mine} supplier={supplier} product={product} formatPrice={formatPrice} /> : null}
        {message.event && !offer ? <AnswerLine event={message.event} /> : null}
        {message.image_url ? (
          <Attachment url={message.image_url} name={message.file_name} size={message.file_size} onOpen={onOpenMedia} />
        ) : null}
        {message.file_name && !message.image_url ? (
          <PendingFile outboxId={pending ? outboxId : undefined} name={message.file_name} size={message.file_size} />
        ) : null}
        {message.text && !message.event ? <p className="message__text">{message.text}</p> : null}
        {message.is_hidden ? (
          <p className="message__text message__hidden">
            <Trans>This message was removed by a moderator.</Trans>
          </p>
        ) : null}
      </div>
      {pending === 'failed' ? (
        <div className="message__failed" role="alert">
          <p className="message__failed-text">
            {headline}
            {reason ? <span className="message__reason"> {reason}</span> : null}
          </p>
          {outboxId !== undefined ? (
            <span className="message__actions">
              <button type="button" className="button button--small" onClick={() => onRetry(outboxId)}>
                <Trans>Retry</Trans>
              </button>
              <button type="button" className="button button--ghost button--small" onClick={() => onDiscard(outboxId)}>
                <Trans>Discard</Trans>
              </button>
            </span>
          ) : null}
        </div>
      ) : (
        <p className="message__meta">
          {pending === 'sending' ? (
            <span className="message__sending">
              <Trans>Sending…</Trans>
            </span>
          ) : (
            <time dateTime={message.timestamp} title={formatDateTime(message.timestamp)}>
              {timeOf(message.timestamp)}
            </time>
          )}
          {!mine && message.id > 0 && !message.is_hidden ? (
            <ReportAction type="message" id={message.id} className="message__report" />
          ) : null}
        </p>
      )}
      {pending === 'sending' && message.file_name && outboxId !== undefined ? (
        <UploadProgress outboxId={outboxId} name={message.file_name} />
      ) : null}
    </li>
  );
}
