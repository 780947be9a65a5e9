import { createECDH } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ENDPOINT_PREFIXES, readPush } from '@server/config';
import { pushesSent } from '@server/lib/metrics';
import { notify } from '@server/services/notifications';
import { PUSH_MAX_FAILURES } from '@server/services/push/sender';
import { PUSH_SUBSCRIPTIONS_PER_SIGN_IN, PUSH_SUBSCRIPTIONS_PER_USER } from '@server/services/push/subscriptions';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { chatPair, insertProduct, send } from '../messaging-helpers';
import { browserSubscription, startPushService, verifyVapid, type PushService } from '../push-service';

let t: TestApp;
let service: PushService;
let devices = 0;

beforeAll(async () => {
  service = await startPushService();
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  t = await startTestApp({
    push: {
      vapid: {
        publicKey: ecdh.getPublicKey('base64url'),
        privateKey: ecdh.getPrivateKey('base64url'),
        subject: 'mailto:ops@marketplace.test',
      },
      endpointPrefixes: ['http://127.0.0.1:'],
    },
  });
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});
beforeEach(() => {
  service.answers.clear();
});

/** A device of `user` subscribed through the API; its pushes arrive at `path` on the local push service. */
async function subscribe(user: TestUser, extra: Record<string, unknown> = {}) {
  devices += 1;
  const pushPath = `/push/device-${devices}`;
  const browser = browserSubscription(`${service.origin}${pushPath}`);
  const res = await t.api.post('/api/push/subscriptions/', { ...browser.json, ...extra }, { token: user.token });
  expect(res.status).toBe(201);
  return { ...browser, path: pushPath };
}

const subscriptionsOf = (userId: number) => t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
const publicKey = async () => (await t.api.get('/api/push/key/')).body.public_key as string;

describe('GET /api/push/key/', () => {
  it("answers the server's VAPID public key: an uncompressed P-256 point, base64url", async () => {
    const res = await t.api.get('/api/push/key/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ public_key: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
    const point = Buffer.from(res.body.public_key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
  });

  it('keeps the key pair made once in DATA_DIR, or takes it from the environment', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vapid-'));
    const first = readPush({}, dir);
    expect(readPush({}, dir).vapid).toEqual(first.vapid);
    expect(first.vapid.subject).toBe('mailto:no-reply@localhost');
    expect(first.endpointPrefixes).toEqual(DEFAULT_PUSH_ENDPOINT_PREFIXES);
    const shared = readPush(
      {
        VAPID_PUBLIC_KEY: 'BPub',
        VAPID_PRIVATE_KEY: 'priv',
        VAPID_SUBJECT: 'https://market.example',
        MAIL_FROM: 'Market <x@y.z>',
        PUSH_ENDPOINT_PREFIXES: 'http://127.0.0.1:, https://push.example/',
      },
      dir,
    );
    expect(shared.vapid).toEqual({ publicKey: 'BPub', privateKey: 'priv', subject: 'https://market.example' });
    expect(shared.endpointPrefixes).toEqual(['http://127.0.0.1:', 'https://push.example/']);
    expect(readPush({ MAIL_FROM: 'Market <ops@market.example>' }, dir).vapid.subject).toBe('mailto:ops@market.example');
    expect(() => readPush({ VAPID_PUBLIC_KEY: 'only-half' }, dir)).toThrow(/VAPID_PRIVATE_KEY/);
  });
});

describe('POST /api/push/subscriptions/', () => {
  it('stores the browser subscription for the signed-in user, once per endpoint', async () => {
    const user = await createUser(t);
    const browser = browserSubscription(`${service.origin}/push/once`);
    const res = await t.api.post('/api/push/subscriptions/', browser.json, { token: user.token });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ endpoint: browser.json.endpoint, language: 'en', created_at: expect.any(String) });
    const again = await t.api.post('/api/push/subscriptions/', { ...browser.json, language: 'fr' }, { token: user.token });
    expect(again.status).toBe(200);
    expect(again.body.language).toBe('fr');
    expect(await subscriptionsOf(user.user.id)).toHaveLength(1);

    // Another account signing in on the same browser takes the endpoint over.
    const other = await createUser(t);
    expect((await t.api.post('/api/push/subscriptions/', browser.json, { token: other.token })).status).toBe(200);
    expect(await subscriptionsOf(user.user.id)).toHaveLength(0);
    expect(await subscriptionsOf(other.user.id)).toHaveLength(1);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_SIGN_IN} subscriptions a sign-in and ${PUSH_SUBSCRIPTIONS_PER_USER} a user: the oldest go`, async () => {
    const user = await createUser(t);
    const endpoints = async () => (await subscriptionsOf(user.user.id)).map((s) => s.endpoint).sort();
    const made: string[] = [];
    const add = async (token: string) => {
      devices += 1;
      const browser = browserSubscription(`${service.origin}/push/capped-${devices}`);
      expect((await t.api.post('/api/push/subscriptions/', browser.json, { token })).status).toBe(201);
      made.push(browser.json.endpoint);
    };
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_SIGN_IN + 2; i++) await add(user.token);
    expect(await endpoints()).toEqual(made.slice(-PUSH_SUBSCRIPTIONS_PER_SIGN_IN).sort());
    made.length = 0;
    while (made.length < PUSH_SUBSCRIPTIONS_PER_USER + 2) {
      const login = await t.api.post('/api/auth/login/', { email: user.email, password: user.password });
      expect(login.status).toBe(200);
      await add(login.body.access);
    }
    expect(await endpoints()).toEqual(made.slice(-PUSH_SUBSCRIPTIONS_PER_USER).sort());
  });

  it('words pushes in the language sent, else the Accept-Language of the request', async () => {
    const user = await createUser(t);
    const browser = browserSubscription(`${service.origin}/push/lang`);
    const res = await t.api.post('/api/push/subscriptions/', browser.json, {
      token: user.token,
      headers: { 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.8' },
    });
    expect(res.body.language).toBe('tr');
    const unknown = await t.api.post('/api/push/subscriptions/', { ...browser.json, language: 'xx' }, { token: user.token });
    expect(unknown.body.language).toBe('en');
  });

  it('needs a signed-in user', async () => {
    const browser = browserSubscription(`${service.origin}/push/guest`);
    const res = await t.api.post('/api/push/subscriptions/', browser.json);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it.each([
    ['not a URL', 'push me'],
    ['a relative URL', '/push/relative'],
    ['another scheme', 'ftp://127.0.0.1/push'],
    ['user information', 'http://someone:secret@127.0.0.1/push'],
    ['a service that is not allowed', 'https://attacker.example/push'],
    ['a look-alike host', 'http://127.0.0.1.attacker.example/push'],
  ])('refuses an endpoint with %s (400 on endpoint), storing nothing', async (_case, endpoint) => {
    const user = await createUser(t);
    const browser = browserSubscription(endpoint);
    const res = await t.api.post('/api/push/subscriptions/', browser.json, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ endpoint: [expect.any(String)] });
    expect(await subscriptionsOf(user.user.id)).toHaveLength(0);
  });

  it('never pushes to a stored subscription whose push service is no longer allowed, and forgets it', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const device = await subscribe(supplier);
    await t.db
      .updateTable('push_subscriptions')
      .set({ endpoint: `https://attacker.example${device.path}` })
      .where('user_id', '=', supplier.user.id)
      .execute();
    await send(t, buyer, conversation.id, { text: 'Hello' });
    await t.app.push.settled();
    expect(await subscriptionsOf(supplier.user.id)).toHaveLength(0);
  });

  it('refuses a prefix-matching endpoint that carries user information', async () => {
    const user = await createUser(t);
    const port = new URL(service.origin).port;
    const browser = browserSubscription(`http://127.0.0.1:${port}@attacker.example/push`);
    const res = await t.api.post('/api/push/subscriptions/', browser.json, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ endpoint: [expect.any(String)] });
  });

  it('refuses missing or broken keys', async () => {
    const user = await createUser(t);
    const browser = browserSubscription(`${service.origin}/push/keys`);
    const cases = [
      { endpoint: browser.json.endpoint },
      { ...browser.json, keys: { p256dh: browser.json.keys.p256dh } },
      { ...browser.json, keys: { ...browser.json.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
      { ...browser.json, keys: { ...browser.json.keys, auth: 'c2hvcnQ' } },
    ];
    for (const body of cases) {
      const res = await t.api.post('/api/push/subscriptions/', body, { token: user.token });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['keys']);
    }
    expect((await t.api.post('/api/push/subscriptions/', {}, { token: user.token })).body).toMatchObject({
      endpoint: [expect.any(String)],
    });
    expect(await subscriptionsOf(user.user.id)).toHaveLength(0);
  });
});

describe('the default push services', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.close());

  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc:def', 201],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAAA', 201],
    ['https://web.push.apple.com/QGx1', 201],
    ['https://wns2-par02p.notify.windows.com/w/?token=BQYAAA', 201],
    ['https://notify.windows.com.attacker.example/w/', 400],
    ['https://fcm.googleapis.com.attacker.example/fcm/send/x', 400],
    [`http://127.0.0.1:${4000}/push`, 400],
  ])('%s answers %i', async (endpoint, status) => {
    const user = await createUser(app);
    const res = await app.api.post('/api/push/subscriptions/', browserSubscription(endpoint).json, { token: user.token });
    expect(res.status).toBe(status);
  });
});

describe('DELETE /api/push/subscriptions/', () => {
  it("forgets the caller's subscription by endpoint; 404 when they have none there", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const device = await subscribe(user);
    const endpoint = `${service.origin}${device.path}`;
    expect((await t.api.call('DELETE', '/api/push/subscriptions/', { endpoint })).status).toBe(401);
    expect((await t.api.call('DELETE', '/api/push/subscriptions/', { endpoint }, { token: other.token })).status).toBe(404);
    const res = await t.api.call('DELETE', '/api/push/subscriptions/', { endpoint }, { token: user.token });
    expect(res.status).toBe(204);
    expect(await subscriptionsOf(user.user.id)).toHaveLength(0);
    expect((await t.api.call('DELETE', '/api/push/subscriptions/', { endpoint }, { token: user.token })).status).toBe(404);
    expect((await t.api.call('DELETE', '/api/push/subscriptions/', {}, { token: user.token })).status).toBe(400);
  });
});

describe('pushing notifications', () => {
  it("pushes a new message to the recipient's device: aes128gcm, VAPID-signed, decrypting to the notification in their language", async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const device = await subscribe(supplier, { language: 'fr' });
    const sent = await send(t, buyer, conversation.id, { text: 'Bonjour' });
    expect(sent.status).toBe(201);

    const [push] = await service.waitFor(device.path);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(push.headers.authorization, await publicKey());
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe('mailto:ops@marketplace.test');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);

    const payload = JSON.parse(device.decrypt(push.body));
    const listed = (await t.api.get('/api/notifications/', { token: supplier.token })).body.results;
    expect(payload.notifications).toEqual([listed[0]]);
    expect(payload).toMatchObject({
      ...listed[0],
      body: `Nouveau message de ${buyer.user.first_name}.`,
      url: `/chat/${conversation.id}`,
      tag: `/chat/${conversation.id}`,
      language: 'fr',
      // Whose they are: a shared browser signed in as someone else shows and keeps nothing of them.
      user_id: supplier.user.id,
    });
    // The sender's own devices are not told about their own message.
    expect(service.received.filter((r) => r.path === device.path)).toHaveLength(1);
  });

  it('pushes offers, reviews and favourites to the supplier, worded in Turkish and English', async () => {
    const { buyer, supplier, product, conversation } = await chatPair(t);
    const turkish = await subscribe(supplier, { language: 'tr' });
    const english = await subscribe(supplier);
    expect((await send(t, buyer, conversation.id, { price: '22.00' })).status).toBe(201);
    const [offer] = await service.waitFor(turkish.path);
    expect(JSON.parse(turkish.decrypt(offer.body)).body).toBe(`${buyer.user.first_name}, ${product.name} için $22,00 teklif etti.`);
    const [englishOffer] = await service.waitFor(english.path);
    expect(JSON.parse(english.decrypt(englishOffer.body)).body).toBe(`${buyer.user.first_name} offered $22.00 for ${product.name}.`);

    expect((await t.api.post(`/api/products/${product.id}/reviews/`, { rating: 4, comment: 'Good' }, { token: buyer.token })).status).toBe(
      201,
    );
    const review = JSON.parse(english.decrypt((await service.waitFor(english.path, 2))[1].body));
    expect(review.notifications[0]).toMatchObject({ kind: 'new_review', link: `/products/${product.id}` });
    expect(review.body).toBe(`${buyer.user.first_name} reviewed your product "${product.name}" (4/5).`);

    const fav = await t.api.post('/api/favorites/', { product: product.id }, { token: buyer.token });
    expect(fav.status).toBe(201);
    const favourite = JSON.parse(turkish.decrypt((await service.waitFor(turkish.path, 3))[2].body));
    expect(favourite.notifications[0].kind).toBe('new_favorite');
    expect(favourite.body).toBe(`${buyer.user.first_name}, "${product.name}" ürününüzü favorilerine ekledi.`);
  });

  it('gathers notifications made at once into one push per device', async () => {
    const user = await createUser(t);
    const device = await subscribe(user);
    const ids = [];
    for (const n of [1, 2, 3]) {
      ids.push(
        await notify(t.db, {
          userId: user.user.id,
          kind: 'new_favorite',
          params: { product_id: n, product_name: `P${n}`, user_id: 1, user_name: 'Ada' },
          message: 'x',
          link: `/products/${n}`,
        }),
      );
    }
    for (const id of ids) t.app.push.notified(id);
    await t.app.push.settled();
    const pushes = await service.waitFor(device.path);
    expect(pushes).toHaveLength(1);
    const payload = JSON.parse(device.decrypt(pushes[0].body));
    expect(payload.notifications.map((n: { id: number }) => n.id)).toEqual([...ids].reverse());
    expect(payload.body.split('\n')).toEqual([3, 2, 1].map((n) => `Ada added your product "P${n}" to their favourites.`));
  });

  it('forgets a subscription the push service answers 410 or 404 for, and keeps it on other errors', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const gone = await subscribe(supplier);
    const missing = await subscribe(supplier);
    const failing = await subscribe(supplier);
    service.answers.set(gone.path, 410);
    service.answers.set(missing.path, 404);
    service.answers.set(failing.path, 500);
    await send(t, buyer, conversation.id, { text: 'Hello' });
    await service.waitFor(gone.path);
    await service.waitFor(missing.path);
    await service.waitFor(failing.path);
    await t.app.push.settled();
    const left = (await subscriptionsOf(supplier.user.id)).map((s) => s.endpoint);
    expect(left).toEqual([`${service.origin}${failing.path}`]);
  });

  it(`forgets a subscription after ${PUSH_MAX_FAILURES} failed pushes in a row; a push that goes through starts the count again`, async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const flaky = await subscribe(supplier);
    const fail = async (times: number) => {
      for (let i = 0; i < times; i++) {
        service.answers.set(flaky.path, 500);
        await send(t, buyer, conversation.id, { text: `Try ${i}` });
        await t.app.push.settled();
      }
    };
    await fail(PUSH_MAX_FAILURES - 1);
    service.answers.delete(flaky.path);
    await send(t, buyer, conversation.id, { text: 'Through' });
    await t.app.push.settled();
    await fail(PUSH_MAX_FAILURES - 1);
    expect(await subscriptionsOf(supplier.user.id)).toHaveLength(1);
    await fail(1);
    expect(await subscriptionsOf(supplier.user.id)).toHaveLength(0);
  });

  it('never holds up or fails the request that made the notification: a hanging or absent push service', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const hanging = await subscribe(supplier);
    service.answers.set(hanging.path, 0);
    await t.db
      .insertInto('push_subscriptions')
      .values({
        endpoint: 'http://127.0.0.1:9/nobody-listens',
        user_id: supplier.user.id,
        session_id: (
          await t.db.selectFrom('refresh_tokens').select('family').where('user_id', '=', supplier.user.id).executeTakeFirstOrThrow()
        ).family,
        p256dh: hanging.json.keys.p256dh,
        auth: hanging.json.keys.auth,
      })
      .execute();
    const res = await send(t, buyer, conversation.id, { text: 'Still delivered' });
    expect(res.status).toBe(201);
    await service.waitFor(hanging.path);
    const listed = await t.api.get(`/api/conversations/${conversation.id}/messages/`, { token: supplier.token });
    expect(listed.body.results.map((m: { text: string }) => m.text)).toContain('Still delivered');

    // Other users' pushes go out meanwhile.
    const other = await chatPair(t);
    const elsewhere = await subscribe(other.supplier);
    await send(t, other.buyer, other.conversation.id, { text: 'Not held up' });
    await service.waitFor(elsewhere.path);
    service.releaseHanging();
    await t.app.push.settled();
  });

  it('stops pushing to a device once its user signs out there', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const device = await subscribe(supplier);
    const res = await t.api.post('/api/auth/logout/', { refresh: supplier.refresh, endpoint: `${service.origin}${device.path}` });
    expect(res.status).toBe(200);
    expect(await subscriptionsOf(supplier.user.id)).toHaveLength(0);
    await send(t, buyer, conversation.id, { text: 'Anyone there?' });
    await t.app.push.settled();
    expect(service.received.filter((r) => r.path === device.path)).toHaveLength(0);
  });

  it("removes the sign-in's subscriptions on logout without an endpoint, and never pushes to an ended sign-in", async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const laptop = await subscribe(supplier);
    const phoneSignIn = await t.app.tokens.issue(supplier.user.id);
    const phone = await subscribe({ ...supplier, token: phoneSignIn.access, refresh: phoneSignIn.refresh });
    await t.api.post('/api/auth/logout/', { refresh: supplier.refresh });
    expect((await subscriptionsOf(supplier.user.id)).map((s) => s.endpoint)).toEqual([`${service.origin}${phone.path}`]);

    // The phone's sign-in ends another way (every session revoked): its subscription is dropped at the next push.
    await t.app.tokens.revokeAllFor(supplier.user.id);
    await send(t, buyer, conversation.id, { text: 'Hello?' });
    await t.app.push.settled();
    expect(service.received.filter((r) => r.path === phone.path || r.path === laptop.path)).toHaveLength(0);
    expect(await subscriptionsOf(supplier.user.id)).toHaveLength(0);
  });

  it('pushes nothing for a repeated send (same client_id) or a notification already read', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const device = await subscribe(supplier);
    const clientId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    await send(t, buyer, conversation.id, { text: 'Once', client_id: clientId });
    await service.waitFor(device.path);
    expect((await send(t, buyer, conversation.id, { text: 'Once', client_id: clientId })).status).toBe(200);
    await t.app.push.settled();
    expect(service.received.filter((r) => r.path === device.path)).toHaveLength(1);

    const product = await insertProduct(t, supplier.user.id);
    const id = await notify(t.db, {
      userId: supplier.user.id,
      kind: 'new_review',
      params: {},
      message: 'Read already',
      link: `/products/${product.id}`,
    });
    await t.api.post(`/api/notifications/${id}/mark-as-read/`, undefined, { token: supplier.token });
    t.app.push.notified(id);
    await t.app.push.settled();
    expect(service.received.filter((r) => r.path === device.path)).toHaveLength(1);
  });
});

describe('the kinds a device wants pushed', () => {
  it('PATCH switches kinds per endpoint: a device with messages off gets no push for a message, still gets offers', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const quiet = await subscribe(supplier);
    const loud = await subscribe(supplier);
    const endpoint = `${service.origin}${quiet.path}`;
    const res = await t.api.call(
      'PATCH',
      '/api/push/subscriptions/',
      { endpoint, kinds: { offers: true, orders: true } },
      { token: supplier.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ endpoint, kinds: { messages: false, offers: true, orders: true } });

    expect((await send(t, buyer, conversation.id, { text: 'Hello' })).status).toBe(201);
    await service.waitFor(loud.path);
    await t.app.push.settled();
    expect(service.received.filter((r) => r.path === quiet.path)).toHaveLength(0);

    expect((await send(t, buyer, conversation.id, { price: '18.00' })).status).toBe(201);
    const [offer] = await service.waitFor(quiet.path);
    expect(JSON.parse(quiet.decrypt(offer.body)).notifications.map((n: { kind: string }) => n.kind)).toEqual(['new_offer']);
  });

  it('POST takes the kinds when subscribing, and a later POST without kinds keeps them', async () => {
    const user = await createUser(t);
    const browser = browserSubscription(`${service.origin}/push/kinds`);
    const kinds = { messages: true, offers: false, orders: false };
    expect((await t.api.post('/api/push/subscriptions/', { ...browser.json, kinds }, { token: user.token })).status).toBe(201);
    expect((await t.api.post('/api/push/subscriptions/', browser.json, { token: user.token })).status).toBe(200);
    expect((await subscriptionsOf(user.user.id)).map((s) => s.kinds)).toEqual(['messages']);
  });

  it("answers 404 for an endpoint that is not the caller's, 400 for a bad body and 401 for a guest, changing nothing", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const device = await subscribe(user);
    const endpoint = `${service.origin}${device.path}`;
    const body = { endpoint, kinds: { messages: false } };
    expect((await t.api.call('PATCH', '/api/push/subscriptions/', body)).status).toBe(401);
    const foreign = await t.api.call('PATCH', '/api/push/subscriptions/', body, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: expect.any(String) });
    const bad = await t.api.call('PATCH', '/api/push/subscriptions/', { endpoint, kinds: { messages: 'no' } }, { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ kinds: expect.any(Array) });
    expect((await subscriptionsOf(user.user.id)).map((s) => s.kinds)).toEqual(['messages,offers,orders']);
  });
});

describe('the push metrics', () => {
  /** marketplace_pushes_total by result, as a scrape would read it. */
  const pushes = async () => {
    // Copied now: prom-client hands out the very objects later counts change.
    const counts = new Map((await pushesSent.get()).values.map((v) => [v.labels.result, v.value]));
    return (result: string) => counts.get(String(result)) ?? 0;
  };

  it('counts pushes sent, gone (the subscription ended) and failed', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const delivered = await subscribe(supplier);
    const gone = await subscribe(supplier);
    const failing = await subscribe(supplier);
    service.answers.set(gone.path, 410);
    service.answers.set(failing.path, 500);
    const prior = await pushes();
    await send(t, buyer, conversation.id, { text: 'Counted' });
    for (const device of [delivered, gone, failing]) await service.waitFor(device.path);
    await t.app.push.settled();
    const now = await pushes();
    expect(now('sent') - prior('sent')).toBe(1);
    expect(now('gone') - prior('gone')).toBe(1);
    expect(now('failed') - prior('failed')).toBe(1);
  });
});
