import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import MessageList from '@/screens/chat/MessageList';
import { isNearBottom } from '@/screens/chat/scrolling';
import type { MessageRow } from '@/db/db';
import { message } from './messages';
import { renderPiece, usd } from './render';

const ROW_PX = 50;
const VIEW_PX = 400;

/**
 * happy-dom lays nothing out: the history's box (.chat__history) gets 50 px per rendered
 * message and a 400 px window, from its first render on, so scrolling behaves as in a browser.
 */
const tops = new WeakMap<Element, number>();
/** Height added by pictures that finished loading. */
let loaded = 0;
const isHistory = (el: Element) => el.classList.contains('chat__history');
const originals = (['clientHeight', 'scrollHeight', 'scrollTop'] as const).map(
  (name) => [name, Object.getOwnPropertyDescriptor(Element.prototype, name)] as const,
);

beforeAll(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return isHistory(this) ? VIEW_PX : 0;
    },
  });
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      return isHistory(this) ? this.querySelectorAll('li').length * ROW_PX + loaded : 0;
    },
  });
  Object.defineProperty(Element.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return tops.get(this) ?? 0;
    },
    set(this: Element, value: number) {
      tops.set(this, Math.max(0, Math.min(value, this.scrollHeight - this.clientHeight)));
    },
  });
});

/** happy-dom lays nothing out, so nothing resizes by itself: the test says when content grew. */
const resized: Array<() => void> = [];
class FakeResizeObserver {
  constructor(private readonly callback: () => void) {}
  observe() {
    resized.push(this.callback);
  }
  unobserve() {
    /* not needed */
  }
  disconnect() {
    resized.splice(resized.indexOf(this.callback), 1);
  }
}

beforeEach(() => {
  loaded = 0;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});

afterAll(() => {
  for (const [name, descriptor] of originals) {
    if (descriptor) Object.defineProperty(Element.prototype, name, descriptor);
    else delete (Element.prototype as unknown as Record<string, unknown>)[name];
  }
});

const history = (n: number, from = 1): MessageRow[] =>
  Array.from({ length: n }, (_, i) =>
    message({
      id: from + i,
      text: `Message ${from + i}`,
      sender: { id: 9 },
      timestamp: new Date(Date.UTC(2026, 2, 1, 10, from + i)).toISOString(),
    }),
  );

function setup(initial: MessageRow[]) {
  const props = { meId: 7, label: 'Messages with Kemal', formatPrice: usd, onOpenMedia: vi.fn(), onRetry: vi.fn(), onDiscard: vi.fn() };
  const result = renderPiece(<MessageList messages={initial} {...props} />);
  const box = screen.getByRole('log', { name: 'Messages with Kemal' });
  const update = (messages: MessageRow[]) => result.rerender(<MessageList messages={messages} {...props} />);
  const scrollTo = (top: number) =>
    act(() => {
      box.scrollTop = top;
      fireEvent.scroll(box);
    });
  return { box, update, scrollTo };
}

const bottomOf = (box: HTMLElement) => box.scrollHeight - box.clientHeight;

describe('isNearBottom (docs/product.md#constants: 200 px)', () => {
  it('is true within 200 px of the bottom and false beyond', () => {
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 400 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 399 })).toBe(false);
    expect(isNearBottom({ scrollHeight: 300, clientHeight: 400, scrollTop: 0 })).toBe(true);
  });
});

describe('the message history', () => {
  it('opens at the bottom', () => {
    const { box } = setup(history(20));
    expect(box.scrollTop).toBe(bottomOf(box));
  });

  it('follows a new message when the reader is within 200 px of the bottom', () => {
    const { box, update, scrollTo } = setup(history(20));
    scrollTo(bottomOf(box) - 150);
    update(history(21));
    expect(box.scrollTop).toBe(bottomOf(box));
  });

  it('stays put when the reader has scrolled further up', () => {
    const { box, update, scrollTo } = setup(history(20));
    scrollTo(bottomOf(box) - 250);
    const before = box.scrollTop;
    update(history(21));
    expect(box.scrollTop).toBe(before);
  });

  it('stays at the bottom while pictures load, unless the reader has scrolled up', () => {
    const { box, scrollTo } = setup(history(20));
    act(() => {
      loaded += 300;
      for (const notify of resized) notify();
    });
    expect(box.scrollTop).toBe(bottomOf(box));

    scrollTo(bottomOf(box) - 400);
    const before = box.scrollTop;
    act(() => {
      loaded += 300;
      for (const notify of resized) notify();
    });
    expect(box.scrollTop).toBe(before);
  });

  it("follows the reader's own message wherever they were", () => {
    const { box, update, scrollTo } = setup(history(20));
    scrollTo(100);
    update([
      ...history(20),
      message({ id: -1, sender: { id: 7 }, text: 'Mine', pending: 'sending', client_id: 'c-1', timestamp: '2026-03-02T00:00:00Z' }),
    ]);
    expect(box.scrollTop).toBe(bottomOf(box));
  });

  it('renders a long history from its newest end and adds earlier messages when scrolled to the top, keeping the view in place', () => {
    const { box, scrollTo } = setup(history(100));
    expect(screen.queryByText('Message 1')).toBeNull();
    expect(screen.getByText('Message 100')).toBeTruthy();
    expect(screen.getByText('Message 61')).toBeTruthy();
    expect(screen.queryByText('Message 60')).toBeNull();

    scrollTo(20);
    expect(screen.getByText('Message 21')).toBeTruthy();
    expect(screen.queryByText('Message 20')).toBeNull();
    // 40 messages of 50 px were added above: the reader still sees Message 61 where it was.
    expect(box.scrollTop).toBe(20 + 40 * ROW_PX);
  });

  it('also adds earlier messages from a button, for keyboard users', async () => {
    setup(history(50));
    expect(screen.queryByText('Message 10')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Show earlier messages' }).click());
    expect(screen.getByText('Message 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });
});
