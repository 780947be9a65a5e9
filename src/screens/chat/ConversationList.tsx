import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Conversation } from '@/shared/chat';
import { attachmentKind } from '@/shared/messaging';
import { formatDateTime, formatListTime } from '@/shared/format';
import Avatar from './Avatar';
import { displayName, logoOf, otherParticipant } from './people';

interface Props {
  conversations: Conversation[];
  meId: number | undefined;
  selectedId: number | null;
  formatPrice(usd: string): string;
}

/** One line under the name: the last message's text, else what it carried. */
function usePreview(formatPrice: (usd: string) => string) {
  const { t } = useLingui();
  return (c: Conversation): string => {
    const last = c.last_message;
    if (!last) return '';
    if (last.price) {
      const price = formatPrice(last.price);
      return t`Offer: ${price}`;
    }
    if (last.text) return last.text;
    if (last.image_url) {
      const kind = attachmentKind(last.image_url);
      return kind === 'image' ? t`Photo` : kind === 'video' ? t`Video` : t`File`;
    }
    return '';
  };
}

/**
 * The conversation list (docs/product.md#screens Chat): avatar, name, product line ('Product unavailable' when
 * the product is gone), the last message and an unread badge; newest activity first.
 */
export default function ConversationList({ conversations, meId, selectedId, formatPrice }: Props) {
  const { t } = useLingui();
  const preview = usePreview(formatPrice);
  return (
    <ul className="conversations">
      {conversations.map((c) => {
        const other = otherParticipant(c, meId);
        const name = displayName(other);
        const unread = c.unread_messages_count;
        const when = c.last_message_timestamp ?? c.created_at;
        const current = c.id === selectedId;
        return (
          <li key={c.id}>
            <Link
              href={`/chat/${c.id}`}
              className={`conversation${current ? ' conversation--current' : ''}${unread > 0 ? ' conversation--unread' : ''}`}
              aria-current={current ? 'page' : undefined}
            >
              <Avatar name={name} url={logoOf(other)} />
              <span className="conversation__body">
                <span className="conversation__top">
                  <span className="conversation__name">{name}</span>
                  <time className="conversation__time" dateTime={when} title={formatDateTime(when)}>
                    {formatListTime(when)}
                  </time>
                </span>
                {c.product ? (
                  <span className="conversation__product">{c.product.name}</span>
                ) : (
                  <span className="conversation__product conversation__product--gone">
                    <Trans>Product unavailable</Trans>
                  </span>
                )}
                <span className="conversation__preview">{preview(c)}</span>
              </span>
              {unread > 0 ? (
                <span className="conversation__unread">
                  <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                  <span className="visually-hidden">{t`${unread} unread`}</span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
