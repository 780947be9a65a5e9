import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { db } from '@/db/db';
import { ASK_AGAIN_AFTER_MS, shouldOfferPush, type OfferFacts } from '@/shared/push';
import { usePushOffer } from '@/queries/push';
import PushOffer from '@/screens/chat/PushOffer';

/**
 * When the app offers notifications (docs/product.md#notifications): not before the user has
 * sent a message or an offer, never once the browser has answered, not again for a week after
 * "Not now".
 */
const facts = (patch: Partial<OfferFacts> = {}): OfferFacts => ({
  supported: true,
  permission: 'default',
  signedIn: true,
  hasSent: true,
  dismissedAt: null,
  now: 1_000_000_000_000,
  ...patch,
});

describe('shouldOfferPush', () => {
  it('offers once the signed-in user has sent something and the browser has not answered', () => {
    expect(shouldOfferPush(facts())).toBe(true);
  });

  it('never on a visit where nothing was sent, for a guest, without support, or once the browser answered', () => {
    expect(shouldOfferPush(facts({ hasSent: false }))).toBe(false);
    expect(shouldOfferPush(facts({ signedIn: false }))).toBe(false);
    expect(shouldOfferPush(facts({ supported: false }))).toBe(false);
    expect(shouldOfferPush(facts({ permission: 'granted' }))).toBe(false);
    expect(shouldOfferPush(facts({ permission: 'denied' }))).toBe(false);
  });

  it('waits a week after "Not now"', () => {
    const now = facts().now;
    expect(shouldOfferPush(facts({ dismissedAt: now - 60_000 }))).toBe(false);
    expect(shouldOfferPush(facts({ dismissedAt: now - ASK_AGAIN_AFTER_MS + 1 }))).toBe(false);
    expect(shouldOfferPush(facts({ dismissedAt: now - ASK_AGAIN_AFTER_MS }))).toBe(true);
  });
});

const ME = 7;
const message = (id: number, sender: number) => ({
  id,
  conversation: 1,
  sender: { id: sender },
  text: 'Hello',
  image_url: null,
  price: null,
  timestamp: `2025-01-01T00:00:0${id}Z`,
  client_id: null,
});

function Offer() {
  const offer = usePushOffer(ME);
  return offer.shown ? (
    <button type="button" onClick={offer.dismiss}>
      Not now
    </button>
  ) : (
    <p>no offer</p>
  );
}

describe('usePushOffer, on the device', () => {
  const saved = { Notification: globalThis.Notification, PushManager: (globalThis as { PushManager?: unknown }).PushManager };
  beforeEach(() => {
    // The browser's own parts, absent from happy-dom: a browser that has not been asked yet.
    Object.assign(globalThis, { Notification: { permission: 'default' }, PushManager: class {} });
    Object.defineProperty(navigator, 'serviceWorker', { value: new EventTarget(), configurable: true });
    localStorage.clear();
  });
  afterEach(() => {
    Object.assign(globalThis, saved);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('appears only after the user sent a message (not when they only received one), and "Not now" hides it', async () => {
    await db.messages.put(message(1, 99) as never);
    render(<Offer />);
    await screen.findByText('no offer');
    await act(async () => {
      await db.messages.put(message(2, ME) as never);
    });
    const notNow = await screen.findByRole('button', { name: 'Not now' });
    await userEvent.click(notNow);
    await screen.findByText('no offer');
    expect(Number(localStorage.getItem('push_offer_dismissed_at'))).toBeGreaterThan(0);
  });

  it('is one line with its explanation one tap away ("Why?"), and its buttons keep their full names', async () => {
    await db.messages.put(message(2, ME) as never);
    render(
      <I18nProvider i18n={i18n}>
        <PushOffer userId={ME} />
      </I18nProvider>,
    );
    const offer = await screen.findByRole('complementary', { name: 'Get told when they answer?' });
    const explanation = /even with the app closed/;
    expect(screen.getByText(explanation).hidden).toBe(true);
    const why = screen.getByRole('button', { name: 'Why?' });
    expect(why.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(why);
    expect(why.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(explanation).hidden).toBe(false);
    expect(screen.getByText(explanation).id).toBe(why.getAttribute('aria-controls'));
    expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(offer.isConnected).toBe(false));
  });

  it('never appears when the browser has blocked notifications', async () => {
    Object.assign(globalThis, { Notification: { permission: 'denied' } });
    await db.messages.put(message(2, ME) as never);
    render(<Offer />);
    await waitFor(async () => expect(await db.messages.count()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByText('no offer')).toBeTruthy();
  });
});
