import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import MessageBubble from '@/screens/chat/MessageBubble';
import type { MessageRow } from '@/db/db';
import { message } from './messages';
import { renderPiece, usd } from './render';
import type { ProductLimits } from '@/queries/deals';
import { fireEvent } from '@testing-library/react';

/** Offer cards in the chat (docs/product.md#deals): the state, the expiry, and the actions each side gets. */

const DAY = 86_400_000;
const offer = (overrides: Partial<MessageRow> = {}) =>
  message({
    id: 40,
    text: '',
    price: '18.00',
    quantity: 3,
    offer_state: 'pending',
    expires_at: new Date(Date.now() + 3 * DAY).toISOString(),
    reply_to: null,
    event: null,
    ...overrides,
  });

const LIMITS: ProductLimits = {
  minimum_order_quantity: 2,
  quantity_in_stock: 50,
  listed_price: '20.00',
  price: null,
  min_price: '20.00',
  flash_deal_ends_at: null,
  price_tiers: [],
};

function show(row: MessageRow, { mine = false, supplier = false, product = LIMITS } = {}) {
  renderPiece(
    <ol>
      <MessageBubble
        message={row}
        mine={mine}
        supplier={supplier}
        product={product}
        formatPrice={usd}
        onOpenMedia={() => undefined}
        onRetry={() => undefined}
        onDiscard={() => undefined}
      />
    </ol>,
  );
  return screen.getByRole('listitem');
}

const buttons = (item: HTMLElement) =>
  within(item)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('an offer card', () => {
  it('shows price × quantity, the total, that it waits for an answer and when it expires', () => {
    const item = show(offer());
    expect(item.textContent).toContain('Price offer: $18.00 × 3');
    expect(item.textContent).toContain('Total: $54.00');
    expect(within(item).getByText('Waiting for an answer')).toBeTruthy();
    expect(item.textContent).toMatch(/Expires /);
  });

  it('the supplier receiving it may accept, decline or counter', () => {
    expect(buttons(show(offer(), { supplier: true }))).toEqual(['Accept', 'Decline', 'Counter']);
  });

  it('a buyer receiving a counter may accept, decline or counter it', () => {
    const item = show(offer({ event: 'countered', reply_to: 39 }));
    expect(item.textContent).toContain('Counter-offer');
    expect(buttons(item)).toEqual(['Accept', 'Decline', 'Counter']);
  });

  it('the buyer’s counter keeps within 10% of the listed price, and they may withdraw it', async () => {
    const item = show(offer({ event: 'countered', reply_to: 39, price: '25.00' }));
    within(item).getByRole('button', { name: 'Counter' }).click();
    const price = (await within(item).findByLabelText('Unit price (USD)')) as HTMLInputElement;
    // Listed at 20.00: from 18.00 to 22.00, the supplier's 25.00 brought within.
    expect([price.min, price.max, price.value]).toEqual(['18.00', '22.00', '22.00']);
    expect(item.textContent).toContain('From 18.00 to 22.00 USD: within 10% of the listed price.');
    item.closest('ol')?.parentElement?.remove();
    expect(buttons(show(offer({ event: 'countered', reply_to: 39 }), { mine: true }))).toEqual(['Withdraw']);
  });

  it('the buyer’s counter band follows the tier of the quantity they choose', async () => {
    const tiers = {
      ...LIMITS,
      price_tiers: [
        { min_quantity: 2, unit_price: '20.00' },
        { min_quantity: 10, unit_price: '15.00' },
      ],
    };
    const item = show(offer({ event: 'countered', reply_to: 39, price: '25.00' }), { product: tiers });
    within(item).getByRole('button', { name: 'Counter' }).click();
    const price = (await within(item).findByLabelText('Unit price (USD)')) as HTMLInputElement;
    expect([price.min, price.max]).toEqual(['18.00', '22.00']);
    fireEvent.change(within(item).getByLabelText('Quantity'), { target: { value: '10' } });
    // From 10 units the unit price is 15.00: the band moves to 13.50–16.50.
    expect([price.min, price.max]).toEqual(['13.50', '16.50']);
    expect(item.textContent).toContain('From 13.50 to 16.50 USD');
  });

  it('its sender may withdraw it while pending', () => {
    expect(buttons(show(offer(), { mine: true }))).toEqual(['Withdraw']);
  });

  it('past its end it reads as expired, without actions', () => {
    const item = show(offer({ expires_at: new Date(Date.now() - 1000).toISOString() }), { supplier: true });
    expect(within(item).getByText('Expired')).toBeTruthy();
    expect(buttons(item)).toEqual([]);
  });

  it('answered, it shows the answer and no actions', () => {
    for (const [state, label] of [
      ['accepted', 'Accepted'],
      ['declined', 'Declined'],
      ['countered', 'Countered'],
      ['withdrawn', 'Withdrawn'],
    ] as const) {
      const item = show(offer({ offer_state: state }), { supplier: true });
      expect(within(item).getByText(label)).toBeTruthy();
      expect(buttons(item)).toEqual([]);
      item.closest('ol')?.parentElement?.remove();
    }
  });

  it('Counter opens a form with the price and quantity, limited by the minimum order and the stock', async () => {
    const item = show(offer(), { supplier: true });
    within(item).getByRole('button', { name: 'Counter' }).click();
    const quantity = (await within(item).findByLabelText('Quantity')) as HTMLInputElement;
    expect([quantity.min, quantity.max, quantity.value]).toEqual(['2', '50', '3']);
    const price = within(item).getByLabelText('Unit price (USD)') as HTMLInputElement;
    // The supplier's counter is free of the ±10 %.
    expect([price.min, price.max, price.value]).toEqual(['0.01', '', '18.00']);
  });

  it('an answer reads as a line of its own, in the reader’s language', () => {
    const item = show(message({ text: 'Accepted the offer of $18.00 × 3.', event: 'accepted', reply_to: 40 }));
    expect(item.textContent).toContain('Accepted the offer.');
    expect(item.textContent).not.toContain('$18.00');
  });
});
