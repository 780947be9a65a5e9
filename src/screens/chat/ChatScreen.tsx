import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect, useParams } from 'wouter';
import { useConversations } from '@/queries/chat';
import { useCurrency } from '@/queries/rates';
import { useAuth } from '@/queries/auth';
import { useSyncStatus } from '@/queries/status';
import DataState from '@/components/DataState';
import EmptyState from '@/components/EmptyState';
import ConversationList from './ConversationList';
import ConversationPane from './ConversationPane';
import './chat.css';

/** The conversation id of the URL; null for 'all' and anything that is not an id. */
function idOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

/**
 * /chat/all and /chat/{conversationId} (docs/product.md#screens): the conversation list beside the open
 * conversation; on a phone one pane at a time, with a back arrow to /chat/all. 'all' means
 * no conversation is selected; an id that is not one goes back to /chat/all.
 */
export default function ChatScreen() {
  const { t } = useLingui();
  const { conversationId } = useParams<{ conversationId: string }>();
  const { user } = useAuth();
  const conversations = useConversations();
  const sync = useSyncStatus();
  // Offline before the user's data ever arrived: nothing held says "no conversations" yet.
  const offline = !sync.online && sync.loaded && sync.lastSyncedAt === null;
  const currency = useCurrency();
  const selected = idOf(conversationId);
  if (conversationId !== 'all' && selected === null) return <Redirect to="/chat/all" replace />;
  if (!user) return null;

  return (
    <main className={`screen chat ${selected ? 'chat--conversation' : 'chat--list'}`} aria-label={t`Messages`}>
      <section className="chat__list" aria-labelledby="chat-title">
        <h1 id="chat-title" tabIndex={-1}>
          <Trans>Messages</Trans>
        </h1>
        <DataState
          status={conversations.status === 'ready' && offline ? 'offline' : conversations.status}
          isEmpty={!conversations.data?.length}
          empty={
            <EmptyState
              title={<Trans>No conversations yet</Trans>}
              action={
                <Link href="/" className="button button--primary">
                  <Trans>Explore products</Trans>
                </Link>
              }
            >
              <Trans>Find a product you like and send the supplier a message.</Trans>
            </EmptyState>
          }
        >
          {conversations.data ? (
            <ConversationList conversations={conversations.data} meId={user.id} selectedId={selected} formatPrice={currency.format} />
          ) : null}
        </DataState>
      </section>
      {selected ? (
        <ConversationPane key={selected} id={selected} me={user} currency={currency} />
      ) : (
        <section className="chat__pane chat__pane--idle" aria-label={t`Conversation`}>
          <p className="muted">
            <Trans>Select a conversation to see its messages.</Trans>
          </p>
        </section>
      )}
    </main>
  );
}
