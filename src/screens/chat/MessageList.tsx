import type { ProductLimits } from '@/queries/deals';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { MessageRow } from '@/queries/chat';
import MessageBubble from './MessageBubble';
import { LOAD_EARLIER_PX, MESSAGES_STEP, isNearBottom } from './scrolling';

interface Props {
  messages: MessageRow[];
  meId: number | undefined;
  label: string;
  formatPrice(usd: string): string;
  onOpenMedia(url: string, kind: 'image' | 'video'): void;
  onRetry(outboxId: number): void;
  onDiscard(outboxId: number): void;
  supplier?: boolean;
  product?: ProductLimits | null;
}

/**
 * The scrolling message history. It opens at the bottom and stays there while pictures load;
 * a new message scrolls it down only when the reader was within 200 px of the bottom, or when
 * the reader sent it. A long history
 * is rendered from the newest end, earlier messages being added as the reader scrolls up
 * (the position is kept, so the text does not jump).
 */
export default function MessageList({ messages, meId, label, ...bubble }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [shown, setShown] = useState(MESSAGES_STEP);
  const nearBottom = useRef(true);
  const heightBeforeEarlier = useRef<number | null>(null);
  const lastKey = useRef<string | null>(null);
  const visible = messages.slice(Math.max(0, messages.length - shown));
  const hidden = messages.length - visible.length;
  const last = messages[messages.length - 1];
  const key = last ? `${last.client_id ?? last.id}:${messages.length}` : '';

  // Earlier messages were added above: keep what the reader was looking at in place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: showing more messages is the trigger, not a value read.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || heightBeforeEarlier.current === null) return;
    el.scrollTop += el.scrollHeight - heightBeforeEarlier.current;
    heightBeforeEarlier.current = null;
  }, [shown]);

  // A new last message: follow it when the reader was near the bottom or wrote it.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || key === lastKey.current) return;
    const first = lastKey.current === null;
    lastKey.current = key;
    if (first || nearBottom.current || (last && last.sender.id === meId && last.pending)) {
      el.scrollTop = el.scrollHeight;
      nearBottom.current = true;
    }
  }, [key, last, meId]);

  // Pictures and videos load after the first render and push the bottom down: a reader at the
  // bottom stays there.
  useEffect(() => {
    const el = box.current;
    if (!el || !list.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current && heightBeforeEarlier.current === null) el.scrollTop = el.scrollHeight;
    });
    observer.observe(list.current);
    return () => observer.disconnect();
  }, []);

  const showEarlier = () => {
    if (hidden <= 0 || !box.current) return;
    heightBeforeEarlier.current = box.current.scrollHeight;
    setShown((n) => n + MESSAGES_STEP);
  };

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    nearBottom.current = isNearBottom(el);
    if (el.scrollTop <= LOAD_EARLIER_PX && hidden > 0 && heightBeforeEarlier.current === null) showEarlier();
  };

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling history must be reachable by keyboard to scroll it.
    <div ref={box} className="chat__history" onScroll={onScroll} tabIndex={0} role="log" aria-label={label}>
      {hidden > 0 ? (
        <p className="chat__earlier">
          <button type="button" className="link-button" onClick={showEarlier}>
            <Trans>Show earlier messages</Trans>
          </button>
        </p>
      ) : null}
      <ol ref={list} className="messages">
        {visible.map((m) => (
          <MessageBubble key={m.client_id ?? m.id} message={m} mine={m.sender.id === meId} {...bubble} />
        ))}
      </ol>
    </div>
  );
}
