import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import ChatScreen from '@/screens/chat/ChatScreen';
import { db } from '@/db/db';
import { toConversationRow } from '@/sync/pull/apply';
import { isOnline, reportReachable } from '@/sync/api/connectivity';
import { setEngineUser, stopEngine } from '@/sync/engine';
import type { Conversation } from '@/shared/chat';
import type { User } from '@/shared/types';
import { fakeServer, here, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';
import { conversation, message } from './messages';
import { makeProduct } from '../products/fixtures';

const buyer = makeUser({ id: 7, first_name: 'Ada' });
const supplier = makeUser({
  id: 9,
  first_name: 'Kemal',
  user_type: 'SUPPLIER',
  buyer_profile: null,
  supplier_profile: { company_name: 'Kemal Tekstil', about: '', logo_url: null, is_verified: true, industries: [] },
});

let server: FakeServer;

/** The device as the sync layer leaves it: conversations and messages held, `me` signed in. */
async function holding(me: User, conversations: Conversation[], messages = [message({ id: 1, text: 'Hello Ada', sender: { id: 9 } })]) {
  signedInAs(server, me);
  await setEngineUser(me);
  await db.conversations.bulkPut(conversations.map(toConversationRow));
  await db.messages.bulkPut(messages);
}

/** The server's side of opening conversation 5: its messages (which mark it read), then itself. */
function serverKnows(c: Conversation) {
  server.on(`GET /api/conversations/${c.id}/messages/`, { body: { count: 1, next: null, previous: null, results: [] } });
  server.on(`GET /api/conversations/${c.id}/`, { body: { ...c, unread_messages_count: 0 } });
}

const open = (path: string) => renderScreen(<ChatScreen />, { path, route: '/chat/:conversationId' });

beforeEach(() => {
  server = fakeServer();
});

afterEach(() => {
  stopEngine();
});

describe('/chat/all', () => {
  it('without conversations offers to explore products', async () => {
    await holding(buyer, [], []);
    open('/chat/all');
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore products' }).getAttribute('href')).toBe('/');
  });

  it('lists the conversations held on the device, most recent activity first', async () => {
    await holding(buyer, [
      conversation({ id: 5, last_message_timestamp: '2026-03-01T10:00:00Z' }),
      conversation({
        id: 6,
        product: { id: 4, name: 'Shea butter', price: '5.00', thumbnail_url: null },
        last_message_timestamp: '2026-03-02T10:00:00Z',
      }),
    ]);
    open('/chat/all');
    await screen.findByText('Shea butter');
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/chat/'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/chat/6', '/chat/5']);
    expect(screen.getByText('Select a conversation to see its messages.')).toBeTruthy();
  });

  it('sends an id that is not one back to /chat/all', async () => {
    await holding(buyer, []);
    open('/chat/abc');
    await waitFor(() => expect(here().path).toBe('/chat/all'));
  });
});

describe('/chat/{id}', () => {
  it('shows the messages held on the device and marks the conversation read on the server', async () => {
    const c = conversation({ unread_messages_count: 2 });
    await holding(buyer, [c]);
    serverKnows(c);
    open('/chat/5');
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Kemal Tekstil' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cotton towels · $20.00' }).getAttribute('href')).toBe('/products/3');
    expect(screen.getByRole('link', { name: 'Back to conversations' }).getAttribute('href')).toBe('/chat/all');
    await waitFor(() => expect(server.callsTo('GET /api/conversations/5/messages/')).toHaveLength(1));
    await waitFor(async () => expect((await db.conversations.get(5))?.unread_messages_count).toBe(0));
  });

  it('shows the newest messages from the server at once, before any pull', async () => {
    const c = conversation();
    await holding(buyer, [c], []);
    const all = Array.from({ length: 60 }, (_, i) =>
      message({ id: i + 1, text: `Line ${i + 1}`, sender: { id: 9 }, timestamp: new Date(Date.UTC(2026, 2, 1, 10, i)).toISOString() }),
    );
    server.on('GET /api/conversations/5/messages/', (call) => {
      const limit = Number(call.query.get('limit'));
      const offset = Number(call.query.get('offset') ?? 0);
      return { body: { count: all.length, next: null, previous: null, results: all.slice(offset, offset + limit) } };
    });
    server.on('GET /api/conversations/5/', { body: c });
    open('/chat/5');
    expect(await screen.findByText('Line 60')).toBeTruthy();
    expect(server.callsTo('GET /api/conversations/5/messages/').map((call) => call.query.get('offset'))).toEqual(['0', '10']);
    expect(await db.messages.count()).toBe(50);
  });

  it('opens a conversation the device does not hold yet, from the server', async () => {
    await holding(buyer, [], []);
    serverKnows(conversation());
    open('/chat/5');
    expect(await screen.findByRole('heading', { name: 'Kemal Tekstil' })).toBeTruthy();
    expect(screen.getByText('No messages yet. Say hello!')).toBeTruthy();
  });

  it('goes back to /chat/all when the messages cannot be loaded (docs/product.md#chat-rules)', async () => {
    await holding(buyer, [conversation()]);
    server.on('GET /api/conversations/5/messages/', { status: 404, body: { detail: 'Not found.' } });
    open('/chat/5');
    await waitFor(() => expect(here().path).toBe('/chat/all'));
    expect(await db.conversations.get(5)).toBeUndefined();
  });

  it('offline, shows what the device holds, and marks it read once the server is back', async () => {
    const c = conversation({ unread_messages_count: 1 });
    await holding(buyer, [c]);
    server.on('GET /api/conversations/5/messages/', { status: 0 });
    open('/chat/5');
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    // The failed request tells the app it is offline.
    await waitFor(() => expect(isOnline()).toBe(false));
    const tries = server.callsTo('GET /api/conversations/5/messages/').length;
    expect(here().path).toBe('/chat/5');

    serverKnows(c);
    act(() => reportReachable());
    await waitFor(() => expect(server.callsTo('GET /api/conversations/5/messages/').length).toBeGreaterThan(tries));
    await waitFor(async () => expect((await db.conversations.get(5))?.unread_messages_count).toBe(0));
  });

  it('offline and not on the device, goes back to /chat/all', async () => {
    await holding(buyer, [], []);
    server.on('GET /api/conversations/5/messages/', { status: 0 });
    open('/chat/5');
    await waitFor(() => expect(here().path).toBe('/chat/all'));
  });

  it("says 'Product unavailable' when the product is gone, and then offers no price offers", async () => {
    const c = conversation({ product: null });
    await holding(buyer, [c]);
    serverKnows(c);
    open('/chat/5');
    const pane = (await screen.findByRole('heading', { name: 'Kemal Tekstil' })).closest('section')!;
    expect(within(pane).getByText('Product unavailable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Offer 10% less' })).toBeNull();
  });
});

describe('sending', () => {
  it('shows a message at once as pending and queues it for the server', async () => {
    const c = conversation();
    await holding(buyer, [c]);
    serverKnows(c);
    const { user } = open('/chat/5');
    await user.type(await screen.findByLabelText('Message'), 'Do you ship to Dakar?{Enter}');
    const sent = (await within(screen.getByRole('log')).findByText('Do you ship to Dakar?')).closest('li')!;
    expect(within(sent).getByText('Sending…')).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'message.send',
      target: 'conversation:5',
      payload: { conversation: 5, text: 'Do you ship to Dakar?', price: null },
    });
  });

  it('gives a buyer the two offers, 10% under and over the product price', async () => {
    const c = conversation({ product: { id: 3, name: 'Cotton towels', price: '19.99', thumbnail_url: null } });
    await holding(buyer, [c]);
    serverKnows(c);
    server.on('GET /api/products/3/', { body: makeProduct({ id: 3, price: '19.99', min_price: '19.99', minimum_order_quantity: 1 }) });
    const { user } = open('/chat/5');
    await user.click(await screen.findByRole('button', { name: 'Offer 10% less' }));
    expect(await within(screen.getByRole('log')).findByText('$17.99')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Offer 10% more' }));
    expect(await within(screen.getByRole('log')).findByText('$21.99')).toBeTruthy();
    const prices = (await db.outbox.orderBy('seq').toArray()).map((e) => e.payload.price);
    expect(prices).toEqual(['17.99', '21.99']);
  });

  it('prices the offers at the minimum order tier once the product arrives, and offers nothing from the older price meanwhile', async () => {
    const c = conversation({ product: { id: 3, name: 'Plantain chips', price: '0.45', thumbnail_url: null } });
    await holding(buyer, [c]);
    serverKnows(c);
    let answer: (reply: { body: unknown }) => void = () => undefined;
    server.on('GET /api/products/3/', () => new Promise((resolve) => (answer = resolve)));
    const { user } = open('/chat/5');
    await screen.findByText('Hello Ada');
    await waitFor(() => expect(server.callsTo('GET /api/products/3/')).toHaveLength(1));
    // The conversation says 0.45, the price of larger orders: the tier at the minimum order is 0.70.
    expect(screen.queryByRole('button', { name: 'Offer 10% less' })).toBeNull();
    const tiers = [
      { min_quantity: 200, unit_price: '0.70' },
      { min_quantity: 4000, unit_price: '0.45' },
    ];
    answer({
      body: makeProduct({ id: 3, price: '0.45', min_price: '0.45', max_price: '0.70', minimum_order_quantity: 200, price_tiers: tiers }),
    });
    await user.click(await screen.findByRole('button', { name: 'Offer 10% less' }));
    expect(await within(screen.getByRole('log')).findByText('$0.63')).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry.payload.price).toBe('0.63');
  });

  it('gives a supplier no offer buttons', async () => {
    const c = conversation();
    await holding(supplier, [c]);
    serverKnows(c);
    open('/chat/5');
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Offer 10% less' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Offer 10% more' })).toBeNull();
  });

  it('offers retry and discard on a message the server refused; discard removes it', async () => {
    const c = conversation();
    await holding(buyer, [c]);
    serverKnows(c);
    const seq = await db.outbox.add({
      kind: 'message.send',
      target: 'conversation:5',
      client_id: 'c-1',
      payload: { conversation: 5, text: 'Too long', price: null, image: null, fileName: null, tempId: -5 },
      state: 'failed',
      error: 'Ensure this field has no more than 5000 characters.',
      attempts: 1,
      next_at: 0,
      created_at: Date.now(),
      user_id: 7,
    });
    await db.messages.put(
      message({
        id: -5,
        text: 'Too long',
        client_id: 'c-1',
        pending: 'failed',
        error: 'Ensure this field has no more than 5000 characters.',
        outboxId: seq as number,
      }),
    );
    const { user } = open('/chat/5');
    const failed = (await screen.findByText('Too long')).closest('li')!;
    expect(within(failed).getByRole('alert').textContent).toContain('Failed to send the message. Please try again.');

    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect((await db.outbox.get(seq as number))?.state).toBe('pending'));
    expect(await within(failed).findByText('Sending…')).toBeTruthy();

    await db.outbox.update(seq as number, { state: 'failed' });
    await db.messages.update(-5, { pending: 'failed' });
    await user.click(await within(failed).findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText('Too long')).toBeNull());
    expect(await db.outbox.count()).toBe(0);
  });
});
