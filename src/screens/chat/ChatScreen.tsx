import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Redirect, useParams } from 'wouter';
import EmptyState from '../../components/EmptyState';
import '../screens.css';

/**
 * /chat/all and /chat/{conversationId} (spec §2): the conversation list beside the message
 * area; on a phone one pane at a time. 'all' means no conversation is selected; a
 * conversation the device does not know goes back to /chat/all (spec §4).
 */
export default function ChatScreen() {
  const { t } = useLingui();
  const { conversationId } = useParams<{ conversationId: string }>();
  // No conversation is held on this device yet, so a conversation id cannot be opened.
  if (conversationId !== 'all') return <Redirect to="/chat/all" replace />;

  return (
    <main className="screen chat" aria-labelledby="chat-title">
      <aside className="chat__list" aria-labelledby="chat-title">
        <h1 id="chat-title" tabIndex={-1}><Trans>Messages</Trans></h1>
        <EmptyState
          title={<Trans>No conversations yet</Trans>}
          action={<Link href="/" className="button button--primary"><Trans>Explore products</Trans></Link>}
        >
          <Trans>Find a product you like and send the supplier a message.</Trans>
        </EmptyState>
      </aside>
      <section className="chat__messages chat__messages--idle" aria-label={t`Conversation`}>
        <p className="muted"><Trans>Select a conversation to see its messages.</Trans></p>
      </section>
    </main>
  );
}
