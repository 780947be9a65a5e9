import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import ChatScreen from '@/screens/chat/ChatScreen';
import SellerScreen from '@/screens/users/SellerScreen';
import SettingsTab from '@/screens/profile/SettingsTab';
import { useSyncEngine } from '@/queries/useSyncEngine';
import { db } from '@/db/db';
import { toConversationRow } from '@/sync/pull/apply';
import { reportReachable, reportUnreachable } from '@/sync/api/connectivity';
import { setEngineUser, stopEngine } from '@/sync/engine';
import { fakeServer, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';
import { ENGINE_ROUTES, page, SELLER_ID, sellerSummary } from '../products/fixtures';
import { conversation, message } from '../chat/messages';

function Shell({ children }: { children: ReactNode }) {
  useSyncEngine();
  return <>{children}</>;
}

let server: FakeServer;
const me = makeUser({ id: 7, first_name: 'Ada' });

beforeEach(() => {
  server = fakeServer({ ...ENGINE_ROUTES, 'GET /api/products/': { body: page([]) } });
  signedInAs(server, me);
});
afterEach(() => {
  reportReachable();
  stopEngine();
});

const openSeller = () =>
  renderScreen(
    <Shell>
      <SellerScreen />
    </Shell>,
    { path: `/users/${SELLER_ID}`, route: '/users/:id' },
  );

describe('blocking (docs/product.md#trust-and-safety)', () => {
  it('from a seller page: asks first, then blocks on the server, and offers Unblock', async () => {
    server.on(`GET /api/users/${SELLER_ID}/`, { body: sellerSummary() });
    server.on('GET /api/me/blocked/', { body: page([]) });
    server.on(`POST /api/users/${SELLER_ID}/block/`, { status: 204 });
    server.on(`DELETE /api/users/${SELLER_ID}/block/`, { status: 204 });
    const { user } = openSeller();
    const block = await screen.findByRole('button', { name: 'Block' }, { timeout: 15_000 });
    await waitFor(() => expect(block.hasAttribute('disabled')).toBe(false));
    await user.click(block);
    const dialog = screen.getByRole('alertdialog', { name: 'Block Lagos Agro Foods Ltd?' });
    expect(dialog.textContent).toContain('They are not told.');
    // Cancel blocks nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo(`POST /api/users/${SELLER_ID}/block/`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(server.callsTo(`POST /api/users/${SELLER_ID}/block/`)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('button', { name: 'Block' })).toBeTruthy();
    expect(server.callsTo(`DELETE /api/users/${SELLER_ID}/block/`)).toHaveLength(1);
  }, 30_000);

  it('offline, Block says it needs a connection instead of promising a block', async () => {
    server.on(`GET /api/users/${SELLER_ID}/`, { body: sellerSummary() });
    server.on('GET /api/me/blocked/', { body: page([]) });
    openSeller();
    await screen.findByRole('button', { name: 'Block' }, { timeout: 15_000 });
    // The connection drops: nothing answers any more.
    for (const route of [...Object.keys(ENGINE_ROUTES), 'GET /api/health/', 'GET /api/me/', 'GET /api/me/blocked/'])
      server.on(route, { status: 0 });
    reportUnreachable();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Block' }).hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('button', { name: 'Block' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Blocking needs a connection.')).toBeTruthy();
  });

  it('Settings lists the blocked accounts and unblocks them', async () => {
    server.on('GET /api/me/blocked/', {
      body: page([
        { id: 31, name: 'Spam Trading' },
        { id: 32, name: 'Bola' },
      ]),
    });
    server.on('DELETE /api/users/31/block/', { status: 204 });
    const { user } = renderScreen(<SettingsTab />);
    const section = (await screen.findByRole('heading', { name: 'Blocked accounts' })).closest('section')!;
    const list = await within(section).findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.blocked-list__name')?.textContent),
    ).toEqual(['Spam Trading', 'Bola']);
    await user.click(within(section).getByRole('button', { name: 'Unblock Spam Trading' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(server.callsTo('DELETE /api/users/31/block/')).toHaveLength(1);
    server.on('DELETE /api/users/32/block/', { status: 204 });
    await user.click(within(section).getByRole('button', { name: 'Unblock Bola' }));
    expect(await within(section).findByText('You have not blocked anyone.')).toBeTruthy();
  });

  it('Settings with nobody blocked says so', async () => {
    server.on('GET /api/me/blocked/', { body: page([]) });
    renderScreen(<SettingsTab />);
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
  });

  it('in a conversation where the other side blocked the user, says plainly that they cannot message this user', async () => {
    await setEngineUser(me);
    const c = conversation();
    await db.conversations.put(toConversationRow(c));
    server.on(`GET /api/conversations/${c.id}/messages/`, { body: page([]) });
    server.on(`GET /api/conversations/${c.id}/`, { body: { ...c, unread_messages_count: 0 } });
    const seq = await db.outbox.add({
      kind: 'message.send',
      target: `conversation:${c.id}`,
      client_id: 'c-1',
      payload: { conversation: c.id, text: 'Still there?', price: null, image: null, fileName: null, tempId: -5 },
      state: 'failed',
      error: 'You cannot message this user.',
      attempts: 1,
      next_at: 0,
      created_at: Date.now(),
      user_id: 7,
    });
    await db.messages.put(
      message({
        id: -5,
        text: 'Still there?',
        sender: { id: 7 },
        client_id: 'c-1',
        pending: 'failed',
        error: 'You cannot message this user.',
        outboxId: seq as number,
      }),
    );
    renderScreen(<ChatScreen />, { path: `/chat/${c.id}`, route: '/chat/:conversationId' });
    await screen.findByText('Still there?');
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toContain('You cannot message this user. What you send in this conversation is not delivered.');
  });
});
