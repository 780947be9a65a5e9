import { useEffect, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrencyView } from '@/queries/rates';
import {
  useConversation,
  useMessages,
  openConversation,
  type OpenState,
  useWatchConversation,
  sendMessage,
  sendOffer,
} from '@/queries/chat';
import type { User } from '@/shared/types';
import { offerPrices } from '@/shared/messaging';
import { useConnectivity, discardOutboxEntry, retryOutboxEntry } from '@/queries/status';
import { useProductLimits } from '@/queries/deals';
import MediaViewer from '@/components/MediaViewer';
import Spinner from '@/components/Spinner';
import { saveConversationFiles } from '@/queries/pictures';
import Avatar from './Avatar';
import SafetyMenu from './SafetyMenu';
import Alert from '@/components/Alert';
import Composer, { type OfferDirection } from './Composer';
import MessageList from './MessageList';
import PushOffer from './PushOffer';
import { displayName, logoOf, otherParticipant } from './people';

interface Props {
  id: number;
  me: User;
  currency: CurrencyView;
}

/** Times an opened conversation missing from the device is opened again before it counts as gone. */
const REOPEN_TRIES = 3;

/**
 * One conversation: who it is with and about, its messages from the device (refreshed every
 * 5 s while open by the engine), and the message form. Opening it marks it read on the
 * server, again whenever new messages arrive while it is open. A conversation that cannot be
 * loaded sends the reader back to /chat/all (docs/product.md#chat-rules).
 */
export default function ConversationPane({ id, me, currency }: Props) {
  const { t } = useLingui();
  const conversation = useConversation(id);
  const messages = useMessages(id);
  const [state, setState] = useState<OpenState | 'opening'>('opening');
  // Opened, yet not on the device: the live query had not caught up with the write, or a pull
  // replaced the rows meanwhile. Open it again (a few times) before calling it gone.
  const [reopened, setReopened] = useState(0);
  const vanished = state === 'ready' && conversation === null;
  useEffect(() => {
    if (!vanished || reopened >= REOPEN_TRIES) return;
    setReopened((n) => n + 1);
    setState('opening');
  }, [vanished, reopened]);
  const [viewing, setViewing] = useState<{ url: string; kind: 'image' | 'video' } | null>(null);
  const unread = (conversation?.unread_messages_count ?? 0) > 0;
  const online = useConnectivity();
  const { limits, fetching } = useProductLimits(conversation?.product?.id ?? null);

  useWatchConversation(id);

  // Its pictures and files are saved while it is open, so they show offline later.
  const files = (messages ?? []).flatMap((m) => (m.image_url && !m.file_name ? [m.image_url] : [])).join(' ');
  useEffect(() => {
    if (files) void saveConversationFiles(files.split(' ')).catch(() => undefined);
  }, [files]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the events named below; the state it sets must not run it again.
  useEffect(() => {
    if (state !== 'opening' && state !== 'offline' && !unread) return;
    if (state === 'offline' && !online) return;
    let current = true;
    openConversation(id)
      .then((next) => {
        if (current) setState(next);
      })
      .catch((error) => {
        console.warn('Could not open the conversation', error);
        if (current) setState('offline');
      });
    return () => {
      current = false;
    };
    // Runs on opening (again too), when the network returns after an offline opening, and
    // whenever unread messages arrive while the conversation is open.
  }, [id, unread, online, reopened]);

  const gone = state === 'missing' || (conversation === null && state !== 'opening' && !(vanished && reopened < REOPEN_TRIES));
  if (gone) return <Redirect to="/chat/all" replace />;
  if (!conversation)
    return (
      <section className="chat__pane">
        <Spinner />
      </section>
    );

  const other = otherParticipant(conversation, me.id);
  const name = displayName(other);
  const product = conversation.product;
  // The price now as the device holds the product (a flash deal may have ended since the
  // conversation was read): the price the one-click offers are sent from (src/shared/prices.ts).
  // While it is being fetched the offers wait: the conversation's price knows no quantity tiers,
  // and an offer sent from it would be refused as made at another price. Offline, it is all there is.
  const listed = limits?.listed_price ?? (fetching ? undefined : product?.price);
  const offers = me.user_type === 'BUYER' && listed ? offerPrices(listed) : null;

  // The other side blocked the user (docs/api.md#trust-and-safety): the server refused a message with these words.
  const cannotMessage = t`You cannot message this user.`;
  const refused = (messages ?? []).some((m) => m.sender.id === me.id && m.pending === 'failed' && m.error === cannotMessage);

  const send = async ({ text, file }: { text: string; file?: File }) => {
    await sendMessage(id, { text, file });
  };
  const offer = async (direction: OfferDirection) => {
    await sendOffer(conversation, direction);
  };

  return (
    <section className="chat__pane" aria-labelledby="conversation-title">
      <header className="chat__header">
        <Link href="/chat/all" className="nav-button chat__back" aria-label={t`Back to conversations`}>
          <span aria-hidden="true">←</span>
        </Link>
        <Avatar name={name} url={logoOf(other)} size={40} />
        <div className="chat__title">
          <h2 id="conversation-title">{name}</h2>
          {product ? (
            <Link href={`/products/${product.id}`} className="chat__product">
              {product.name} · {currency.format(listed ?? product.price)}
            </Link>
          ) : (
            <span className="chat__product chat__product--gone">
              <Trans>Product unavailable</Trans>
            </span>
          )}
        </div>
        {other ? <SafetyMenu userId={other.id} name={name} /> : null}
      </header>
      {messages === undefined ? (
        <Spinner />
      ) : messages.length === 0 ? (
        <p className="chat__history chat__empty">
          <Trans>No messages yet. Say hello!</Trans>
        </p>
      ) : (
        <MessageList
          messages={messages}
          meId={me.id}
          label={t`Messages with ${name}`}
          formatPrice={currency.format}
          onOpenMedia={(url, kind) => setViewing({ url, kind })}
          onRetry={retryOutboxEntry}
          onDiscard={discardOutboxEntry}
          supplier={me.user_type === 'SUPPLIER'}
          product={limits}
        />
      )}
      {refused ? (
        <div className="chat-blocked">
          <Alert>
            <Trans>You cannot message this user.</Trans> <Trans>What you send in this conversation is not delivered.</Trans>
          </Alert>
        </div>
      ) : null}
      <PushOffer userId={me.id} />
      <Composer onSend={send} offers={offers} onOffer={offer} formatPrice={currency.format} />
      {viewing ? <MediaViewer items={[{ url: viewing.url, type: viewing.kind }]} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
