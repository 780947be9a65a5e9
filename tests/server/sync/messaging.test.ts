import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';
import { chatPair, send } from '../messaging-helpers';
import { conversations, messages, notifications } from '@server/sync/messaging';
import { START, after, type Position } from '@server/sync/feed';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Changes after the entry `since` (from the start without it); no transaction is left running here. */
const changed = (c: typeof conversations, userId: number | null, since?: Position, limit = 100) =>
  c.changedSince(t.db, { userId, window: { after: since ? after(since) : START, before: Number.MAX_SAFE_INTEGER, limit } });
const ids = (rows: Array<{ item: unknown }>) => rows.map((r) => (r.item as { id: number }).id);
const lastSeq = async () =>
  Number(
    (
      await t.db
        .selectFrom('tombstones')
        .select(({ fn }) => fn.max('seq').as('m'))
        .executeTakeFirstOrThrow()
    ).m ?? 0,
  );

describe('sync collections for chat and notifications', () => {
  it('are user collections named as GET /api/sync/ answers them', () => {
    expect([conversations, messages, notifications].map((c) => [c.name, c.scope])).toEqual([
      ['conversations', 'user'],
      ['messages', 'user'],
      ['notifications', 'user'],
    ]);
  });

  it('give participants their conversations and messages in the shapes of the GETs, and nobody else', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const sent = await send(t, buyer, conversation.id, { text: 'Hello' });
    const stranger = await createUser(t);

    const forSupplier = await changed(conversations, supplier.user.id);
    expect(ids(forSupplier)).toEqual([conversation.id]);
    const viaGet = await t.api.get(`/api/conversations/${conversation.id}/`, { token: supplier.token });
    expect(forSupplier[0].item).toEqual(viaGet.body);
    expect((forSupplier[0].item as any).unread_messages_count).toBe(1);
    expect(((await changed(conversations, buyer.user.id))[0].item as any).unread_messages_count).toBe(0);

    const supplierMessages = await changed(messages, supplier.user.id);
    expect(supplierMessages.map((r) => r.item)).toEqual([sent.body]);
    expect(await changed(conversations, stranger.user.id)).toEqual([]);
    expect(await changed(messages, stranger.user.id)).toEqual([]);
    expect(await changed(conversations, null)).toEqual([]);
  });

  it('give each user only their own notifications, as GET /api/notifications/ shows them', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    await send(t, buyer, conversation.id, { text: 'Hello' });
    const mine = await changed(notifications, supplier.user.id);
    const viaGet = await t.api.get('/api/notifications/', { token: supplier.token });
    expect(mine.map((r) => r.item)).toEqual(viaGet.body.results);
    expect(await changed(notifications, buyer.user.id)).toEqual([]);
  });

  it('send a conversation again after a new message and after it is read, with the unread count of that moment', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const start = (await changed(conversations, supplier.user.id)).at(-1)!;
    expect(await changed(conversations, supplier.user.id, start)).toEqual([]);

    await send(t, buyer, conversation.id, { text: 'New' });
    const afterMessage = await changed(conversations, supplier.user.id, start);
    expect(afterMessage.map((r) => (r.item as any).unread_messages_count)).toEqual([1]);
    expect((await changed(messages, supplier.user.id, start)).map((r) => (r.item as any).text)).toEqual(['New']);

    await t.api.get(`/api/conversations/${conversation.id}/messages/`, { token: supplier.token });
    const afterRead = await changed(conversations, supplier.user.id, afterMessage[0]);
    expect(afterRead.map((r) => (r.item as any).unread_messages_count)).toEqual([0]);
  });

  it('send a conversation again when its product or a participant profile changes', async () => {
    const { buyer, supplier, product, conversation } = await chatPair(t);
    const start = (await changed(conversations, buyer.user.id)).at(-1)!;
    await t.db.updateTable('products').set({ name: 'Renamed product' }).where('id', '=', product.id).execute();
    const afterRename = await changed(conversations, buyer.user.id, start);
    expect((afterRename[0].item as any).product.name).toBe('Renamed product');
    await t.db.updateTable('supplier_profiles').set({ company_name: 'New Company' }).where('user_id', '=', supplier.user.id).execute();
    const afterProfile = await changed(conversations, buyer.user.id, afterRename[0]);
    const seller = (afterProfile[0].item as any).participants.find((p: any) => p.id === supplier.user.id);
    expect(seller.profile.company_name).toBe('New Company');
    await t.db.deleteFrom('products').where('id', '=', product.id).execute();
    const afterDelete = await changed(conversations, buyer.user.id, afterProfile[0]);
    expect(ids(afterDelete)).toEqual([conversation.id]);
    expect((afterDelete[0].item as any).product).toBeNull();
  });

  it('respect since and limit, in seq order', async () => {
    const { buyer, conversation } = await chatPair(t);
    for (const text of ['a', 'b', 'c']) await send(t, buyer, conversation.id, { text });
    const all = await changed(messages, buyer.user.id);
    expect(all.map((r) => (r.item as any).text)).toEqual(['a', 'b', 'c']);
    expect(all.map((r) => r.seq)).toEqual([...all.map((r) => r.seq)].sort((x, y) => x - y));
    const two = await changed(messages, buyer.user.id, undefined, 2);
    expect(two.map((r) => (r.item as any).text)).toEqual(['a', 'b']);
    const rest = await changed(messages, buyer.user.id, two[1]);
    expect(rest.map((r) => (r.item as any).text)).toEqual(['c']);
  });
});

describe('GET /api/sync/ with chat', () => {
  it('pulls conversations, messages and notifications for the signed-in user only', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const message = await send(t, buyer, conversation.id, { text: 'Sync me' });
    const res = await t.api.get('/api/sync/?limit=1000', { token: supplier.token });
    expect(res.status).toBe(200);
    const { changes } = res.body;
    expect(changes.conversations.upserted.map((c: any) => c.id)).toEqual([conversation.id]);
    expect(changes.messages.upserted).toEqual([message.body]);
    expect(changes.notifications.upserted).toHaveLength(1);

    const guest = await t.api.get('/api/sync/?limit=1000');
    expect(guest.body.changes.conversations).toBeUndefined();
    expect(guest.body.changes.messages).toBeUndefined();
  });

  it('tells the other participant that the conversation is gone after an account deletion', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    await send(t, buyer, conversation.id, { text: 'Hello' });
    const first = await t.api.get('/api/sync/?limit=1000', { token: supplier.token });
    expect(first.body.has_more).toBe(false);
    const before = await lastSeq();
    await t.db.deleteFrom('users').where('id', '=', buyer.user.id).execute();
    expect(await lastSeq()).toBeGreaterThan(before);

    const next = await t.api.get(`/api/sync/?since=${first.body.cursor}`, { token: supplier.token });
    expect(next.body.changes.conversations.deleted).toEqual([conversation.id]);
    expect(next.body.changes.notifications.deleted).toHaveLength(1);
    expect(next.body.changes.conversations.upserted).toEqual([]);
  });
});
