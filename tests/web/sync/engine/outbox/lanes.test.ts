import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/db';
import { api } from '@/sync/api/client';
import { requestPull, setEngineUser, startEngine, stopEngine } from '@/sync/engine';
import { sendMessage, toggleFavorite } from '@/sync/outbox/intents';
import { SAMPLE_FILES, createUser, type TestApp, type TestUser } from '@tests/server/helpers';
import { createProduct } from '@tests/server/fixtures/catalogue';
import { engineSuite, signIn, type Network } from '../device';

/**
 * Independent lanes: a request that gets no answer (a picture upload, a message post on a bad
 * link) holds up only its own target. Another target's change and the pull go on meanwhile.
 */

let t: TestApp;
let net: Network;
let supplier: TestUser;
let buyer: TestUser;

const suite = engineSuite();
beforeAll(() => {
  ({ t, net, supplier } = suite);
});
beforeEach(async () => {
  buyer = await createUser(t, { type: 'BUYER' });
  signIn(buyer);
  startEngine();
  await setEngineUser(await api.me());
  await expect.poll(() => db.syncState.get('stream:private'), { timeout: 5_000 }).toBeTruthy();
});
afterEach(() => {
  stopEngine();
  net.hangMatching = null;
});

const serverFavorites = async () =>
  (await t.api.get('/api/favorites/', { token: buyer.token })).body.results.map((f: { product: { id: number } }) => f.product.id);

async function openConversation(name: string) {
  const product = await createProduct(t, supplier, { name });
  const opened = await t.api.post('/api/conversations/', { product: product.id, participants: [supplier.user.id] }, { token: buyer.token });
  await requestPull();
  await expect.poll(() => db.conversations.get(opened.body.id)).toBeTruthy();
  return opened.body.id as number;
}

describe('lanes', () => {
  it('while an upload hangs, a favourite goes out at once and the pull goes on', async () => {
    const conversation = await openConversation('Hung Upload');
    const product = await api.product((await createProduct(t, supplier, { name: 'Other Target' })).id);
    net.hangMatching = /POST \/api\/media\/upload\//;
    const png = new Blob([new Uint8Array(SAMPLE_FILES.png)], { type: 'image/png' });
    await sendMessage(conversation, { text: 'A photo', file: Object.assign(png, { name: 'photo.png' }) });
    await expect.poll(async () => (await db.outbox.toArray()).map((e) => e.state)).toEqual(['sending']);

    const started = Date.now();
    await toggleFavorite(product);
    await expect.poll(serverFavorites, { timeout: 3_000, interval: 50 }).toEqual([product.id]);
    console.info(`favourite on the server ${Date.now() - started} ms after the tap, the upload still hanging`);

    // Something new on the server (a message from the seller) reaches the device meanwhile.
    const seller = await t.api.post(`/api/conversations/${conversation}/messages/`, { text: 'Still there?' }, { token: supplier.token });
    await requestPull();
    await expect.poll(() => db.messages.get(seller.body.id), { timeout: 3_000 }).toBeTruthy();
    // The upload's own target keeps its order: the photo still waits, nothing lost.
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(['message.send']);
  });

  it("a hung message post holds up that conversation's next message, not another conversation's", async () => {
    const [first, second] = [await openConversation('Lane One'), await openConversation('Lane Two')];
    net.hangMatching = new RegExp(`POST /api/conversations/${first}/messages/`);
    await sendMessage(first, { text: 'Stuck' });
    await sendMessage(first, { text: 'Behind it' });
    await sendMessage(second, { text: 'Free to go' });
    const texts = async (id: number) =>
      (await t.api.get(`/api/conversations/${id}/messages/`, { token: buyer.token })).body.results.map((m: { text: string }) => m.text);
    await expect.poll(() => texts(second), { timeout: 3_000, interval: 50 }).toEqual(['Free to go']);
    expect(await texts(first)).toEqual([]);
    expect((await db.outbox.toArray()).map((e) => e.payload.text)).toEqual(['Stuck', 'Behind it']);
  });
});
