import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import ConversationList from '@/screens/chat/ConversationList';
import type { Conversation } from '@/shared/chat';
import { conversation, supplierSummary } from './messages';
import { renderPiece, usd } from './render';

function show(conversations: Conversation[], meId = 7, selectedId: number | null = null) {
  renderPiece(<ConversationList conversations={conversations} meId={meId} selectedId={selectedId} formatPrice={usd} />);
  return screen.getAllByRole('link');
}

describe('the conversation list (docs/product.md#screens Chat)', () => {
  it("shows the other side's name and logo, the product line, the last message and a link to the conversation", () => {
    const [link] = show([conversation()]);
    expect(link.getAttribute('href')).toBe('/chat/5');
    expect(link.textContent).toContain('Kemal Tekstil');
    expect(link.textContent).toContain('Cotton towels');
    expect(link.textContent).toContain('Hello');
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/media/logo.png?w=200');
  });

  it("shows a supplier the buyer's name, with initials when there is no logo", () => {
    const [link] = show([conversation()], 9);
    expect(link.textContent).toContain('Ada Obi');
    expect(link.querySelector('.avatar')?.textContent).toBe('AO');
  });

  it("says 'Product unavailable' when the product is gone", () => {
    const [link] = show([conversation({ product: null })]);
    expect(link.textContent).toContain('Product unavailable');
  });

  it('shows an unread badge that screen readers hear as a number of unread messages', () => {
    const [unread, read] = show([conversation({ unread_messages_count: 3 }), conversation({ id: 6, unread_messages_count: 0 })]);
    expect(within(unread).getByText('3 unread')).toBeTruthy();
    expect(unread.querySelector('.conversation__unread [aria-hidden="true"]')?.textContent).toBe('3');
    expect(read.querySelector('.conversation__unread')).toBeNull();
  });

  it('previews an offer by its price and a file by its kind', () => {
    const links = show([
      conversation({
        id: 1,
        last_message: { text: '', price: '18.00', image_url: null, timestamp: '2026-03-01T10:00:00Z', sender: { id: 7 } },
      }),
      conversation({
        id: 2,
        last_message: { text: '', price: null, image_url: '/media/a.jpg', timestamp: '2026-03-01T10:00:00Z', sender: { id: 9 } },
      }),
      conversation({
        id: 3,
        last_message: { text: '', price: null, image_url: '/media/a.pdf', timestamp: '2026-03-01T10:00:00Z', sender: { id: 9 } },
      }),
      conversation({ id: 4, last_message: null }),
    ]);
    expect(links[0].textContent).toContain('Offer: $18.00');
    expect(links[1].textContent).toContain('Photo');
    expect(links[2].textContent).toContain('File');
    expect(links[3].textContent).toContain('Kemal Tekstil');
  });

  it('marks the open conversation as the current page', () => {
    const [first, second] = show([conversation({ id: 1 }), conversation({ id: 2, participants: [supplierSummary] })], 7, 2);
    expect(first.getAttribute('aria-current')).toBeNull();
    expect(second.getAttribute('aria-current')).toBe('page');
  });
});
