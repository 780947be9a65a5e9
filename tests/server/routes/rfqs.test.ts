import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, fileBlob, SAMPLE_FILES, startTestApp, type TestApp, type TestUser } from '../helpers';
import { insertProduct } from '../messaging-helpers';
import { SERVER_MESSAGES } from '@/shared/messages';

/** Requests for quotation (docs/api.md#requests-for-quotation): every call, rule and refusal. */

let t: TestApp;
let category: number;
let otherCategory: number;
beforeAll(async () => {
  t = await startTestApp();
  const categories = await t.db.selectFrom('categories').select('id').orderBy('position').orderBy('id').limit(2).execute();
  [category, otherCategory] = categories.map((c) => c.id);
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A supplier with a product in `categoryId` (a supplier matches a request by products or industries). */
async function supplierIn(categoryId = category) {
  const supplier = await createUser(t, { type: 'SUPPLIER' });
  const product = await insertProduct(t, supplier.user.id, { min_price: '10.00', max_price: '20.00' });
  await t.db.updateTable('products').set({ category_id: categoryId, quantity_in_stock: 10_000 }).where('id', '=', product.id).execute();
  return { supplier, product };
}

const post = (user: TestUser, body: Record<string, unknown>) => t.api.post('/api/rfqs/', body, { token: user.token });
const request = (overrides: Record<string, unknown> = {}) => ({
  title: '500 solar panels',
  description: '300 W monocrystalline, delivered to Lagos.',
  category,
  quantity: 500,
  target_price: '80.00',
  deadline: inDays(14),
  ...overrides,
});
const quote = (user: TestUser, rfqId: number, productId: number, overrides: Record<string, unknown> = {}) =>
  t.api.post(
    `/api/rfqs/${rfqId}/quotes/`,
    { product: productId, unit_price: '85.00', quantity: 500, lead_time_days: 21, note: 'FOB Lagos', ...overrides },
    { token: user.token },
  );

describe('POST /api/rfqs/', () => {
  it('posts a request (201, the DESIGN shape, the buyer by name and country only), idempotent by client_id, and tells matching suppliers', async () => {
    const buyer = await createUser(t, { type: 'BUYER', country: 'SN' });
    const { supplier } = await supplierIn();
    const byIndustry = await createUser(t, { type: 'SUPPLIER' });
    await t.db.insertInto('supplier_industries').values({ user_id: byIndustry.user.id, category_id: category }).execute();
    const { supplier: elsewhere } = await supplierIn(otherCategory);
    const client_id = randomUUID();
    const res = await post(buyer, request({ client_id }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'open',
      closed_reason: null,
      title: '500 solar panels',
      description: '300 W monocrystalline, delivered to Lagos.',
      category: { id: category },
      quantity: 500,
      target_price: '80.00',
      quotes_count: 0,
      images: [],
      buyer: { id: buyer.user.id, country: 'SN' },
      client_id,
    });
    expect(Object.keys(res.body.buyer).sort()).toEqual(['country', 'id', 'name']);
    expect(JSON.stringify(res.body)).not.toContain(buyer.email);
    expect(typeof res.body.id).toBe('number');
    expect(Date.parse(res.body.deadline)).toBeGreaterThan(Date.now());
    expect(Date.parse(res.body.created_at)).toBeGreaterThan(0);
    const again = await post(buyer, request({ client_id }));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    const kinds = async (userId: number) =>
      (await t.db.selectFrom('notifications').select('kind').where('user_id', '=', userId).execute()).map((n) => n.kind);
    expect(await kinds(supplier.user.id)).toEqual(['rfq_new']);
    expect(await kinds(byIndustry.user.id)).toEqual(['rfq_new']);
    expect(await kinds(elsewhere.user.id)).toEqual([]);
    expect(await kinds(buyer.user.id)).toEqual([]);
    // The notification opens the request on the app's own page for it.
    const [note] = await t.db.selectFrom('notifications').select('link').where('user_id', '=', supplier.user.id).execute();
    expect(note.link).toBe(`/requests/${res.body.id}`);
  });

  it.each([
    [{ title: 'x'.repeat(121) }, 'title'],
    [{ title: '' }, 'title'],
    [{ description: 'x'.repeat(2001) }, 'description'],
    [{ category: 999_999 }, 'category'],
    [{ quantity: 0 }, 'quantity'],
    [{ quantity: 1.5 }, 'quantity'],
    [{ target_price: '-1' }, 'target_price'],
    [{ deadline: inDays(0.5) }, 'deadline'],
    [{ deadline: inDays(61) }, 'deadline'],
    [{ deadline: 'soon' }, 'deadline'],
  ])('refuses %j with 400 on %s', async (overrides, field) => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const res = await post(buyer, request(overrides));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual([field]);
    if (field === 'deadline' && (overrides as { deadline?: string }).deadline !== 'soon')
      expect(res.body.deadline).toEqual([SERVER_MESSAGES.RFQ_DEADLINE_RANGE]);
  });

  it('takes a deadline of 1 and of 60 days, no target price, and needs a confirmed account', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    expect((await post(buyer, request({ deadline: inDays(1) }))).status).toBe(201);
    const last = await post(buyer, request({ deadline: inDays(60), target_price: undefined }));
    expect(last.status).toBe(201);
    expect(last.body.target_price).toBeNull();
    const unconfirmed = await createUser(t, { type: 'BUYER', verified: false });
    expect((await post(unconfirmed, request())).status).toBe(403);
    expect((await t.api.post('/api/rfqs/', request())).status).toBe(401);
  });
});

describe('pictures on a request', () => {
  const upload = async (user: TestUser, bytes: Buffer, filename: string) => {
    const body = new FormData();
    body.append('upload_preset', 'marketplace');
    body.append('file', fileBlob(bytes), filename);
    const res = await t.api.post('/api/media/upload/', body, { token: user.token });
    expect(res.status).toBe(200);
    return res.body.secure_url as string;
  };
  /** The stored path of an upload's URL (absolute when PUBLIC_URL is set). */
  const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  const rfqCount = async (buyerId: number) =>
    Number(
      (
        await t.db
          .selectFrom('rfqs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('buyer_id', '=', buyerId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps up to 5 of the buyer’s own uploaded images, in order, shown to the suppliers it reaches; a form sends them as a JSON string', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const { supplier } = await supplierIn();
    const [png, jpeg] = [await upload(buyer, SAMPLE_FILES.png, 'sample.png'), await upload(buyer, SAMPLE_FILES.jpeg, 'label.jpg')];
    const res = await post(buyer, request({ images: [jpeg, png] }));
    expect(res.status).toBe(201);
    expect(res.body.images).toEqual([pathOf(jpeg), pathOf(png)]);
    const seen = await t.api.get(`/api/rfqs/${res.body.id}/`, { token: supplier.token });
    expect(seen.body.images).toEqual(res.body.images);
    for (const path of res.body.images) expect((await t.api.get(path)).status).toBe(200);

    const form = new FormData();
    for (const [key, value] of Object.entries(request({ images: JSON.stringify([png]) }))) form.append(key, String(value));
    const sent = await t.api.post('/api/rfqs/', form, { token: buyer.token });
    expect(sent.status).toBe(201);
    expect(sent.body.images).toEqual([pathOf(png)]);
  });

  it('refuses another user’s upload, a PDF, a file that is not ours, a sixth picture and a non-list with 400 on images, and stores nothing', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const other = await createUser(t, { type: 'BUYER' });
    const mine = await upload(buyer, SAMPLE_FILES.png, 'mine.png');
    const theirs = await upload(other, SAMPLE_FILES.gif, 'theirs.gif');
    const pdf = await upload(buyer, SAMPLE_FILES.pdf, 'spec.pdf');
    const cases: Array<[unknown, string]> = [
      [[mine, theirs], SERVER_MESSAGES.RFQ_PICTURE_NOT_YOURS],
      [[pdf], SERVER_MESSAGES.RFQ_PICTURE_NOT_YOURS],
      [['https://elsewhere.example/media/picture.png'], SERVER_MESSAGES.RFQ_PICTURE_NOT_YOURS],
      [[`/media/${'0'.repeat(64)}.png`], SERVER_MESSAGES.RFQ_PICTURE_NOT_YOURS],
      [Array(6).fill(mine), SERVER_MESSAGES.RFQ_PICTURES_TOO_MANY],
      [{ first: mine }, SERVER_MESSAGES.RFQ_PICTURES_NOT_A_LIST],
    ];
    for (const [images, message] of cases) {
      const res = await post(buyer, request({ images }));
      expect(res.status, JSON.stringify(images)).toBe(400);
      expect(Object.keys(res.body)).toEqual(['images']);
      expect(JSON.stringify(res.body.images)).toContain(message);
    }
    expect(await rfqCount(buyer.user.id)).toBe(0);
    expect((await post(buyer, request({ images: Array(5).fill(mine) }))).status).toBe(201);
  });
});

describe('who sees a request', () => {
  it('role=buyer pages the own ones; role=supplier the open ones in their categories, never their own; GET one 404s to others', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const { supplier } = await supplierIn();
    const { supplier: elsewhere } = await supplierIn(otherCategory);
    const first = (await post(buyer, request({ title: 'first' }))).body;
    const second = (await post(buyer, request({ title: 'second' }))).body;
    const own = await t.api.get('/api/rfqs/?role=buyer', { token: buyer.token });
    expect(own.body.count).toBe(2);
    expect(own.body.results.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    const shown = await t.api.get('/api/rfqs/?role=supplier&limit=100', { token: supplier.token });
    expect(shown.body.results.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const notShown = await t.api.get('/api/rfqs/?role=supplier&limit=100', { token: elsewhere.token });
    expect(notShown.body.results.map((r: { id: number }) => r.id)).not.toContain(first.id);
    // A supplier's own request is never shown to them as a supplier.
    const mine = (await post(supplier, request({ title: 'a supplier buys' }))).body;
    const again = await t.api.get('/api/rfqs/?role=supplier&limit=100', { token: supplier.token });
    expect(again.body.results.map((r: { id: number }) => r.id)).not.toContain(mine.id);

    expect((await t.api.get(`/api/rfqs/${first.id}/`, { token: buyer.token })).status).toBe(200);
    expect((await t.api.get(`/api/rfqs/${first.id}/`, { token: supplier.token })).status).toBe(200);
    expect((await t.api.get(`/api/rfqs/${first.id}/`, { token: elsewhere.token })).status).toBe(404);
    const stranger = await createUser(t, { type: 'BUYER' });
    expect((await t.api.get(`/api/rfqs/${first.id}/`, { token: stranger.token })).status).toBe(404);
    expect((await t.api.get(`/api/rfqs/${first.id}/`)).status).toBe(401);
    expect((await t.api.get('/api/rfqs/999999/', { token: buyer.token })).status).toBe(404);
  });
});

describe('quotes', () => {
  it('a quote (201) opens the conversation with a pending offer the buyer accepts into an order; the buyer is told', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const { supplier, product } = await supplierIn();
    const rfq = (await post(buyer, request())).body;
    const client_id = randomUUID();
    const res = await quote(supplier, rfq.id, product.id, { client_id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      rfq: rfq.id,
      supplier: { id: supplier.user.id },
      product: product.id,
      unit_price: '85.00',
      quantity: 500,
      lead_time_days: 21,
      note: 'FOB Lagos',
    });
    expect(typeof res.body.conversation).toBe('number');
    expect(typeof res.body.offer).toBe('number');
    const again = await quote(supplier, rfq.id, product.id, { client_id });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    expect((await t.api.get(`/api/rfqs/${rfq.id}/`, { token: buyer.token })).body.quotes_count).toBe(1);

    const messages = await t.api.get(`/api/conversations/${res.body.conversation}/messages/`, { token: buyer.token });
    const offer = messages.body.results.find((m: { id: number }) => m.id === res.body.offer);
    expect(offer).toMatchObject({ price: '85.00', quantity: 500, offer_state: 'pending', sender: { id: supplier.user.id } });
    // The offer lasts until the request's deadline (14 days), longer than an offer's 7.
    expect(Date.parse(offer.expires_at)).toBe(Date.parse(rfq.deadline));
    const kinds = (await t.db.selectFrom('notifications').select('kind').where('user_id', '=', buyer.user.id).execute()).map((n) => n.kind);
    expect(kinds).toEqual(['rfq_quote']);
    const [quoted] = await t.db.selectFrom('notifications').select('link').where('user_id', '=', buyer.user.id).execute();
    expect(quoted.link).toMatch(/^\/requests\/\d+$/);

    const accepted = await t.api.post(`/api/offers/${res.body.offer}/accept/`, {}, { token: buyer.token });
    expect(accepted.status).toBe(201);
    expect(accepted.body.order).toMatchObject({ unit_price: '85.00', quantity: 500, total: '42500.00', status: 'requested' });
    // The same buyer, supplier and product share one conversation, whichever side opened it.
    const opened = await t.api.post(
      '/api/conversations/',
      { product: product.id, participants: [supplier.user.id] },
      { token: buyer.token },
    );
    expect(opened.body.id).toBe(res.body.conversation);
  });

  it('the buyer may counter or decline a quote like any offer', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const a = await supplierIn();
    const b = await supplierIn();
    const rfq = (await post(buyer, request())).body;
    const first = (await quote(a.supplier, rfq.id, a.product.id, { unit_price: '10.00', quantity: 100 })).body;
    const second = (await quote(b.supplier, rfq.id, b.product.id)).body;
    const countered = await t.api.post(`/api/offers/${first.offer}/counter/`, { price: '9.50', quantity: 100 }, { token: buyer.token });
    expect(countered.status).toBe(201);
    expect((await t.api.post(`/api/offers/${second.offer}/decline/`, {}, { token: buyer.token })).status).toBe(201);
  });

  it('refuses: a second quote by the same supplier, a product not theirs, a supplier it is not shown to, the buyer', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const { supplier, product } = await supplierIn();
    const { supplier: other, product: othersProduct } = await supplierIn();
    const { supplier: elsewhere, product: elsewhereProduct } = await supplierIn(otherCategory);
    const rfq = (await post(buyer, request())).body;
    expect((await quote(supplier, rfq.id, product.id)).status).toBe(201);
    const second = await quote(supplier, rfq.id, product.id, { unit_price: '84.00' });
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ detail: SERVER_MESSAGES.RFQ_ALREADY_QUOTED });
    const notTheirs = await quote(other, rfq.id, product.id);
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.product).toEqual([SERVER_MESSAGES.RFQ_QUOTE_OWN_PRODUCT]);
    expect((await quote(elsewhere, rfq.id, elsewhereProduct.id)).status).toBe(404);
    expect((await quote(buyer, rfq.id, othersProduct.id)).status).toBe(403);
    for (const body of [{ unit_price: '0' }, { quantity: 0 }, { lead_time_days: -1 }, { note: 'x'.repeat(1001) }]) {
      expect((await quote(other, rfq.id, othersProduct.id, body)).status).toBe(400);
    }
    expect((await t.db.selectFrom('rfq_quotes').select('id').where('rfq_id', '=', rfq.id).execute()).length).toBe(1);
  });

  it('refuses a quote from a supplier the buyer blocked (403) and with a hidden product; a supplier who blocked the buyer is not told of the request', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const { supplier: blocked, product: blockedProduct } = await supplierIn();
    const { supplier: hiding, product: hidden } = await supplierIn();
    const { supplier: blocker } = await supplierIn();
    expect((await t.api.post(`/api/users/${blocked.user.id}/block/`, {}, { token: buyer.token })).status).toBe(204);
    expect((await t.api.post(`/api/users/${buyer.user.id}/block/`, {}, { token: blocker.token })).status).toBe(204);
    const rfq = (await post(buyer, request())).body;
    const refused = await quote(blocked, rfq.id, blockedProduct.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: SERVER_MESSAGES.CANNOT_MESSAGE_USER });
    await t.db
      .updateTable('products')
      .set({ hidden_at: new Date(), moderation_reason: 'Counterfeit', hidden_cause: 'report' })
      .where('id', '=', hidden.id)
      .execute();
    expect((await quote(hiding, rfq.id, hidden.id)).status).toBe(400);
    expect((await t.db.selectFrom('rfq_quotes').select('id').where('rfq_id', '=', rfq.id).execute()).length).toBe(0);
    const told = async (user: TestUser) =>
      (await t.db.selectFrom('notifications').select('id').where('user_id', '=', user.user.id).where('kind', '=', 'rfq_new').execute())
        .length;
    expect(await told(hiding)).toBe(1);
    expect(await told(blocker)).toBe(0);
  });

  it('GET quotes: the buyer sees every quote, a supplier only their own, others 404', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const a = await supplierIn();
    const b = await supplierIn();
    const rfq = (await post(buyer, request())).body;
    const qa = (await quote(a.supplier, rfq.id, a.product.id)).body;
    const qb = (await quote(b.supplier, rfq.id, b.product.id)).body;
    const all = await t.api.get(`/api/rfqs/${rfq.id}/quotes/`, { token: buyer.token });
    expect(all.body.count).toBe(2);
    expect(all.body.results.map((q: { id: number }) => q.id)).toEqual([qa.id, qb.id]);
    const own = await t.api.get(`/api/rfqs/${rfq.id}/quotes/`, { token: a.supplier.token });
    expect(own.body.results.map((q: { id: number }) => q.id)).toEqual([qa.id]);
    const { supplier: elsewhere } = await supplierIn(otherCategory);
    expect((await t.api.get(`/api/rfqs/${rfq.id}/quotes/`, { token: elsewhere.token })).status).toBe(404);
  });
});

describe('closing', () => {
  it('the tenth quote closes the request (closed_reason quotes); the eleventh is refused', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const rfq = (await post(buyer, request())).body;
    for (let i = 0; i < 10; i += 1) {
      const { supplier, product } = await supplierIn();
      expect((await quote(supplier, rfq.id, product.id)).status).toBe(201);
    }
    const read = (await t.api.get(`/api/rfqs/${rfq.id}/`, { token: buyer.token })).body;
    expect(read).toMatchObject({ status: 'closed', closed_reason: 'quotes', quotes_count: 10 });
    const late = await supplierIn();
    const refused = await quote(late.supplier, rfq.id, late.product.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'This request is closed.' });
    // Closed requests leave the suppliers' list.
    const shown = await t.api.get('/api/rfqs/?role=supplier&limit=100', { token: late.supplier.token });
    expect(shown.body.results.map((r: { id: number }) => r.id)).not.toContain(rfq.id);
  });

  it('two suppliers sending the tenth quote at once leave exactly ten', async () => {
    for (let round = 0; round < 3; round += 1) {
      const buyer = await createUser(t, { type: 'BUYER' });
      const rfq = (await post(buyer, request())).body;
      for (let i = 0; i < 9; i += 1) {
        const { supplier, product } = await supplierIn();
        expect((await quote(supplier, rfq.id, product.id)).status).toBe(201);
      }
      const racers = await Promise.all([supplierIn(), supplierIn(), supplierIn()]);
      const answers = await Promise.all(racers.map(({ supplier, product }) => quote(supplier, rfq.id, product.id)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
      for (const a of answers.filter((x) => x.status === 400)) expect(a.body).toEqual({ detail: 'This request is closed.' });
      const count = await t.db
        .selectFrom('rfq_quotes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('rfq_id', '=', rfq.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(10);
      expect((await t.api.get(`/api/rfqs/${rfq.id}/`, { token: buyer.token })).body).toMatchObject({ status: 'closed', quotes_count: 10 });
    }
  });

  it('the buyer closes it (closed_reason buyer); only the buyer; no quote after', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const { supplier, product } = await supplierIn();
    const rfq = (await post(buyer, request())).body;
    expect((await t.api.post(`/api/rfqs/${rfq.id}/close/`, {}, { token: supplier.token })).status).toBe(403);
    const stranger = await createUser(t, { type: 'BUYER' });
    expect((await t.api.post(`/api/rfqs/${rfq.id}/close/`, {}, { token: stranger.token })).status).toBe(404);
    const closed = await t.api.post(`/api/rfqs/${rfq.id}/close/`, {}, { token: buyer.token });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', closed_reason: 'buyer' });
    expect((await t.api.post(`/api/rfqs/${rfq.id}/close/`, {}, { token: buyer.token })).body.closed_reason).toBe('buyer');
    const refused = await quote(supplier, rfq.id, product.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'This request is closed.' });
  });

  it('the deadline closes it with no write (closed_reason deadline), and a late quote is refused', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const { supplier, product } = await supplierIn();
    const rfq = (await post(buyer, request())).body;
    const before = await t.db.selectFrom('rfqs').select(['txid', 'seq']).where('id', '=', rfq.id).executeTakeFirstOrThrow();
    // The clock passes the deadline: moved back in the database, as time would.
    await t.db
      .updateTable('rfqs')
      .set({ deadline: new Date(Date.now() - 1000) })
      .where('id', '=', rfq.id)
      .execute();
    const read = (await t.api.get(`/api/rfqs/${rfq.id}/`, { token: buyer.token })).body;
    expect(read).toMatchObject({ status: 'closed', closed_reason: 'deadline' });
    const stored = await t.db.selectFrom('rfqs').select(['status']).where('id', '=', rfq.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('open');
    expect(before.txid).toBeGreaterThan(0);
    const refused = await quote(supplier, rfq.id, product.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'This request is closed.' });
  });
});

describe('the rfqs sync collection', () => {
  it('carries the buyer’s own requests and those shown to a supplier, not others', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const { supplier, product } = await supplierIn();
    const { supplier: elsewhere } = await supplierIn(otherCategory);
    const rfq = (await post(buyer, request())).body;
    const pulled = async (user: TestUser) => {
      const ids: number[] = [];
      let cursor = '';
      for (let i = 0; i < 50; i += 1) {
        const res = await t.api.get(`/api/sync/?collections=rfqs&limit=200${cursor ? `&since=${cursor}` : ''}`, { token: user.token });
        for (const item of res.body.changes.rfqs?.upserted ?? []) ids.push(item.id);
        cursor = res.body.cursor;
        if (!res.body.has_more) break;
      }
      return { ids, cursor };
    };
    expect((await pulled(buyer)).ids).toContain(rfq.id);
    const shown = await pulled(supplier);
    expect(shown.ids).toContain(rfq.id);
    expect((await pulled(elsewhere)).ids).not.toContain(rfq.id);
    // A quote moves the request on: the supplier's next pull has its new count.
    await quote(supplier, rfq.id, product.id);
    const next = await t.api.get(`/api/sync/?collections=rfqs&since=${shown.cursor}`, { token: supplier.token });
    expect(next.body.changes.rfqs.upserted).toEqual([expect.objectContaining({ id: rfq.id, quotes_count: 1 })]);
  });

  it('rfq_quotes carries every quote of the buyer’s requests, and a supplier’s own only', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    const a = await supplierIn();
    const b = await supplierIn();
    const rfq = (await post(buyer, request())).body;
    const qa = (await quote(a.supplier, rfq.id, a.product.id)).body;
    const qb = (await quote(b.supplier, rfq.id, b.product.id)).body;
    const pulled = async (user: TestUser) =>
      (
        (await t.api.get('/api/sync/?collections=rfq_quotes&limit=1000', { token: user.token })).body.changes.rfq_quotes?.upserted ?? []
      ).map((q: { id: number }) => q.id);
    expect(await pulled(buyer)).toEqual([qa.id, qb.id]);
    expect(await pulled(a.supplier)).toEqual([qa.id]);
    const item = (await t.api.get('/api/sync/?collections=rfq_quotes', { token: buyer.token })).body.changes.rfq_quotes.upserted[0];
    expect(item).toEqual((await t.api.get(`/api/rfqs/${rfq.id}/quotes/`, { token: buyer.token })).body.results[0]);
    // A request deleted with its quotes (its buyer's account went): both sides learn of it.
    const cursor = (await t.api.get('/api/sync/?collections=rfq_quotes', { token: a.supplier.token })).body.cursor;
    await t.db.deleteFrom('rfqs').where('id', '=', rfq.id).execute();
    const after = await t.api.get(`/api/sync/?collections=rfq_quotes&since=${cursor}`, { token: a.supplier.token });
    expect(after.body.changes.rfq_quotes.deleted).toEqual([qa.id]);
  });
});
