import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { chatPair, insertProduct, send, upload } from '../messaging-helpers';
import { runAdmin } from '@server/admin';

/** index.html as the build writes it (the server renders landing pages into it). */
const INDEX = `<!doctype html>
<html lang="en"><head><title>Marketplace</title><meta name="description" content="Buy and sell products." />
<script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<body><div id="root"><div class="app"><header class="navbar">Marketplace</header><div class="spinner"></div></div></div></body></html>`;

let t: TestApp;
let moderator: TestUser;
beforeAll(async () => {
  const dist = path.join(await mkdtemp(path.join(inject('tmpDir'), 'moderation-')), 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await startTestApp({ moderatorEmails: ['mod@market.test'], publicUrl: 'https://market.example' }, { web: { distDir: dist } });
  moderator = await createUser(t, { email: 'Mod@Market.test', type: null });
});
afterAll(async () => {
  await t.close();
});

const report = (user: TestUser, target_type: string, target_id: number, reason = 'scam') =>
  t.api.post('/api/reports/', { target_type, target_id, reason }, { token: user.token });
const resolve = (id: number, action: string, reason = 'Breaks the rules', by: TestUser = moderator) =>
  t.api.post(`/api/moderation/reports/${id}/resolve/`, { action, reason }, { token: by.token });

/** A supplier's product reported by `n` buyers; answers them and the first report's id. */
async function reportedProduct(n = 1) {
  const supplier = await createUser(t, { type: 'SUPPLIER' });
  const product = await insertProduct(t, supplier.user.id, { name: `Fake watch ${Math.random().toString(36).slice(2, 8)}` });
  const reporters = await Promise.all(Array.from({ length: n }, () => createUser(t)));
  const ids: number[] = [];
  for (const r of reporters) ids.push((await report(r, 'product', product.id)).body.id);
  return { supplier, product, reporters, reportId: ids[0] };
}

describe('moderators', () => {
  it('MODERATOR_EMAILS and grant-moderator / revoke-moderator give the role; GET /api/me/ says so', async () => {
    expect((await t.api.get('/api/me/', { token: moderator.token })).body.is_moderator).toBe(true);
    const person = await createUser(t);
    expect((await t.api.get('/api/me/', { token: person.token })).body.is_moderator).toBe(false);
    expect(await runAdmin(['grant-moderator', person.email.toUpperCase()], t.db)).toMatch(/is now a moderator/);
    expect((await t.api.get('/api/me/', { token: person.token })).body.is_moderator).toBe(true);
    expect((await t.api.get('/api/moderation/reports/', { token: person.token })).status).toBe(200);
    expect(await runAdmin(['revoke-moderator', person.email], t.db)).toMatch(/no longer a moderator/);
    expect((await t.api.get('/api/moderation/reports/', { token: person.token })).status).toBe(403);
    await expect(runAdmin(['grant-moderator', 'nobody@example.com'], t.db)).rejects.toThrow(
      'No account with the email nobody@example.com.',
    );
  });

  it('answers 403 to anyone else under /api/moderation/, 401 to guests', async () => {
    const person = await createUser(t);
    const calls: Array<[string, string]> = [
      ['GET', '/api/moderation/reports/'],
      ['GET', '/api/moderation/reports/1/'],
      ['POST', '/api/moderation/reports/1/resolve/'],
      ['POST', '/api/moderation/users/1/reinstate/'],
      ['POST', '/api/moderation/products/1/restore/'],
      ['GET', '/api/moderation/verifications/'],
      ['POST', '/api/moderation/verifications/1/approve/'],
      ['POST', '/api/moderation/verifications/1/reject/'],
      ['GET', '/api/moderation/actions/'],
    ];
    for (const [method, url] of calls) {
      const body = method === 'POST' ? { action: 'dismiss', reason: 'x' } : undefined;
      expect((await t.api.call(method, url, body, { token: person.token })).status, url).toBe(403);
      expect((await t.api.call(method, url, body)).status, url).toBe(401);
    }
  });
});

describe('the report queue', () => {
  it('pages open reports with reports_count and the target summary, most-reported first', async () => {
    const many = await reportedProduct(3);
    const one = await reportedProduct(1);
    const res = await t.api.get('/api/moderation/reports/?status=open&limit=100', { token: moderator.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: expect.any(Number), next: null, previous: null, results: expect.any(Array) });
    const ofMany = res.body.results.filter((r: any) => r.target_type === 'product' && r.target_id === many.product.id);
    expect(ofMany).toHaveLength(3);
    expect(ofMany[0]).toMatchObject({
      reason: 'scam',
      status: 'open',
      reports_count: 3,
      reporter: { id: many.reporters[0].user.id, name: expect.any(String) },
      target: { id: many.product.id, name: many.product.name, supplier: { id: many.supplier.user.id }, is_hidden: false },
      resolution: null,
    });
    const position = (id: number) => res.body.results.findIndex((r: any) => r.target_id === id && r.target_type === 'product');
    expect(position(many.product.id)).toBeLessThan(position(one.product.id));
    const paged = await t.api.get('/api/moderation/reports/?limit=1', { token: moderator.token });
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.next).toContain('offset=1');
  });

  it('resolves every open report of the target with one action; each reporter gets report_resolved', async () => {
    const { product, reporters, reportId } = await reportedProduct(2);
    const res = await resolve(reportId, 'dismiss', 'Looks genuine');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: reportId,
      status: 'resolved',
      resolution: { action: 'dismiss', reason: 'Looks genuine', moderator: { id: moderator.user.id } },
    });
    expect(res.body.history.reports).toHaveLength(2);
    expect(res.body.history.reports.every((r: any) => r.status === 'resolved')).toBe(true);
    expect(res.body.history.actions).toEqual([expect.objectContaining({ action: 'dismiss', reason: 'Looks genuine' })]);
    for (const reporter of reporters) {
      const notes = await t.api.get('/api/notifications/', { token: reporter.token });
      expect(notes.body.results).toEqual([expect.objectContaining({ kind: 'report_resolved', link: `/products/${product.id}` })]);
    }
    const resolved = await t.api.get('/api/moderation/reports/?status=resolved&limit=100', { token: moderator.token });
    expect(resolved.body.results.filter((r: any) => r.target_id === product.id && r.target_type === 'product')).toHaveLength(2);
    // Dismissed: the product is still shown.
    expect((await t.api.get(`/api/products/${product.id}/`)).status).toBe(200);
    // The log says who did what, when and why.
    const log = await t.api.get('/api/moderation/actions/', { token: moderator.token });
    expect(log.body.results[0]).toMatchObject({
      action: 'dismiss',
      target_type: 'product',
      target_id: product.id,
      reason: 'Looks genuine',
    });
  });

  it('needs an action and a reason; hide is for products and messages', async () => {
    const { reportId } = await reportedProduct();
    expect((await t.api.post(`/api/moderation/reports/${reportId}/resolve/`, { action: 'hide' }, { token: moderator.token })).body).toEqual(
      {
        reason: ['This field is required.'],
      },
    );
    expect((await resolve(reportId, 'ban')).status).toBe(400);
    expect((await resolve(999999, 'dismiss')).status).toBe(404);
    const user = await createUser(t);
    const reporter = await createUser(t);
    const userReport = await report(reporter, 'user', user.user.id, 'spam');
    const hideUser = await resolve(userReport.body.id, 'hide');
    expect(hideUser.status).toBe(400);
    expect(hideUser.body).toEqual({ action: ['Only a product or a message can be hidden.'] });
  });

  it('is idempotent, and two moderators resolving at once end with one action', async () => {
    const other = await createUser(t);
    await runAdmin(['grant-moderator', other.email], t.db);
    const { product, reportId, reporters } = await reportedProduct(3);
    const ids = (
      await t.db.selectFrom('reports').select('id').where('target_id', '=', product.id).where('target_type', '=', 'product').execute()
    ).map((r) => r.id);
    const answers = await Promise.all([
      resolve(ids[0], 'hide', 'Counterfeit'),
      resolve(ids[1], 'dismiss', 'Fine', other),
      resolve(ids[2], 'hide', 'Counterfeit'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const actions = await t.db
      .selectFrom('moderation_actions')
      .selectAll()
      .where('target_type', '=', 'product')
      .where('target_id', '=', product.id)
      .execute();
    expect(actions).toHaveLength(1);
    const again = await resolve(reportId, 'suspend');
    expect(again.status).toBe(200);
    expect(again.body.resolution.action).toBe(actions[0].action);
    expect(
      await t.db
        .selectFrom('moderation_actions')
        .selectAll()
        .where('target_id', '=', product.id)
        .where('target_type', '=', 'product')
        .execute(),
    ).toHaveLength(1);
    // Each reporter is told once.
    const notes = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', 'report_resolved')
      .where(
        'user_id',
        'in',
        reporters.map((r) => r.user.id),
      )
      .execute();
    expect(notes).toHaveLength(3);
  });
});

describe('a hidden product', () => {
  it('answers 404 to everyone but its supplier (marked, with the reason) and moderators, and leaves every read path', async () => {
    const { supplier, product, reporters, reportId } = await reportedProduct();
    const buyer = reporters[0];
    const syncBefore = (await t.api.get('/api/sync/?collections=products&limit=1000')).body.cursor;
    const buyerSyncBefore = (await t.api.get('/api/sync/?limit=1000', { token: buyer.token })).body.cursor;
    expect((await t.api.get(`/api/products/?search=${encodeURIComponent(product.name)}`)).body.count).toBe(1);
    expect((await resolve(reportId, 'hide', 'Counterfeit goods')).status).toBe(200);

    expect((await t.api.get(`/api/products/${product.id}/`)).status).toBe(404);
    expect((await t.api.get(`/api/products/${product.id}/`, { token: buyer.token })).status).toBe(404);
    const own = await t.api.get(`/api/products/${product.id}/`, { token: supplier.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: product.id, is_hidden: true, moderation_reason: 'Counterfeit goods', appealed_at: null });
    const asModerator = await t.api.get(`/api/products/${product.id}/`, { token: moderator.token });
    expect(asModerator.body.is_hidden).toBe(true);

    const inList = (body: any) => body.results.some((p: any) => p.id === product.id);
    for (const url of [
      '/api/products/?limit=100',
      '/api/products/new-arrivals/?limit=100',
      `/api/products/?search=${encodeURIComponent(product.name)}`,
      `/api/products/?supplier=${supplier.user.id}`,
      '/api/products/hot-selling/?limit=100',
    ]) {
      const res = await t.api.get(url);
      expect(inList(res.body), url).toBe(false);
      expect(inList((await t.api.get(url, { token: buyer.token })).body), url).toBe(false);
    }
    // Devices receive it as deleted on their next pull: the catalogue stream, a full pull, a supplier shape.
    const pulled = await t.api.get(`/api/sync/?collections=products&since=${syncBefore}&limit=1000`);
    expect(pulled.body.changes.products.deleted).toContain(product.id);
    expect(pulled.body.changes.products.upserted.map((p: any) => p.id)).not.toContain(product.id);
    const full = await t.api.get(`/api/sync/?since=${buyerSyncBefore}&limit=1000`, { token: buyer.token });
    expect(full.body.changes.products.deleted).toContain(product.id);
    const shape = await t.api.get(`/api/sync/?collections=products&shape=supplier:${supplier.user.id}&limit=1000`);
    expect(shape.body.changes.products?.upserted?.map((p: any) => p.id) ?? []).not.toContain(product.id);
    // Its supplier's own pull keeps it, marked.
    const mine = await t.api.get('/api/sync/?limit=1000', { token: supplier.token });
    expect(mine.body.changes.products.upserted.find((p: any) => p.id === product.id)).toMatchObject({ is_hidden: true });

    // Server-rendered page and sitemap.
    // The server-rendered page is the not-found one (the app's shell answers 200 for every route).
    const page = await (await fetch(`${t.baseUrl}/products/${product.id}`)).text();
    expect(page).toContain('404');
    expect(page).not.toContain(product.name);
    const sitemap = await (await fetch(`${t.baseUrl}/sitemaps/products-1.xml`)).text();
    expect(sitemap).not.toContain(`/products/${product.id}<`);
    const seller = await (await fetch(`${t.baseUrl}/users/${supplier.user.id}`)).text();
    expect(seller).not.toContain(product.name);

    // Restored: shown again everywhere.
    const restored = await t.api.post(`/api/moderation/products/${product.id}/restore/`, {}, { token: moderator.token });
    expect(restored.status).toBe(200);
    expect(restored.body).not.toHaveProperty('is_hidden');
    expect((await t.api.get(`/api/products/${product.id}/`)).status).toBe(200);
    expect(inList((await t.api.get(`/api/products/?supplier=${supplier.user.id}`)).body)).toBe(true);
    // Idempotent.
    expect((await t.api.post(`/api/moderation/products/${product.id}/restore/`, {}, { token: moderator.token })).status).toBe(200);
    expect((await t.api.post('/api/moderation/products/99999999/restore/', {}, { token: moderator.token })).status).toBe(404);
  });

  it('can be appealed once by its supplier; the appeal joins the queue and restoring answers it', async () => {
    const { supplier, product, reportId } = await reportedProduct();
    const notHidden = await t.api.post(`/api/products/${product.id}/appeal/`, { details: 'Genuine' }, { token: supplier.token });
    expect(notHidden.status).toBe(400);
    expect(notHidden.body).toEqual({ detail: 'This product is not hidden.' });
    await resolve(reportId, 'hide', 'Counterfeit');
    const stranger = await createUser(t, { type: 'SUPPLIER' });
    expect((await t.api.post(`/api/products/${product.id}/appeal/`, { details: 'x' }, { token: stranger.token })).status).toBe(404);
    const appeal = await t.api.post(`/api/products/${product.id}/appeal/`, { details: 'I have the invoice.' }, { token: supplier.token });
    expect(appeal.status).toBe(201);
    expect(appeal.body).toMatchObject({ target_type: 'product', target_id: product.id, reason: 'appeal', status: 'open' });
    const twice = await t.api.post(`/api/products/${product.id}/appeal/`, { details: 'Please' }, { token: supplier.token });
    expect(twice.body).toEqual({ detail: 'This product has already been appealed.' });
    expect((await t.api.get(`/api/products/${product.id}/`, { token: supplier.token })).body.appealed_at).toEqual(expect.any(String));
    const queue = await t.api.get('/api/moderation/reports/?limit=100', { token: moderator.token });
    const queued = queue.body.results.find((r: any) => r.id === appeal.body.id);
    expect(queued).toMatchObject({
      reason: 'appeal',
      details: 'I have the invoice.',
      target: { is_hidden: true, moderation_reason: 'Counterfeit' },
    });
    const detail = await t.api.get(`/api/moderation/reports/${appeal.body.id}/`, { token: moderator.token });
    expect(detail.body.history.actions.map((a: any) => a.action)).toEqual(['hide']);
    expect(detail.body.history.reports).toHaveLength(2);
    await t.api.post(`/api/moderation/products/${product.id}/restore/`, { reason: 'Invoice checked' }, { token: moderator.token });
    const notes = await t.api.get('/api/notifications/', { token: supplier.token });
    expect(notes.body.results[0]).toMatchObject({
      kind: 'report_resolved',
      message: 'We reviewed your appeal: your product is shown again.',
    });
    expect((await t.api.get(`/api/moderation/reports/${appeal.body.id}/`, { token: moderator.token })).body.status).toBe('resolved');
  });

  it('is listed to its supplier alone under GET /api/me/hidden-products/, marked, until it is restored', async () => {
    const { supplier, product, reportId } = await reportedProduct();
    const shown = await insertProduct(t, supplier.user.id, { name: 'Still shown' });
    const hidden = (token: string) => t.api.get('/api/me/hidden-products/', { token });
    expect((await hidden(supplier.token)).body).toMatchObject({ count: 0, results: [] });
    await resolve(reportId, 'hide', 'Counterfeit goods');
    const listed = await hidden(supplier.token);
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBe(1);
    expect(listed.body.results).toEqual([
      expect.objectContaining({ id: product.id, is_hidden: true, moderation_reason: 'Counterfeit goods', appealed_at: null }),
    ]);
    expect(listed.body.results.map((p: any) => p.id)).not.toContain(shown.id);
    await t.api.post(`/api/products/${product.id}/appeal/`, { details: 'I have the invoice.' }, { token: supplier.token });
    expect((await hidden(supplier.token)).body.results[0].appealed_at).toEqual(expect.any(String));

    // Nobody else's: another supplier sees none of it, a buyer is refused, a guest must sign in.
    const other = await createUser(t, { type: 'SUPPLIER' });
    expect((await hidden(other.token)).body).toMatchObject({ count: 0, results: [] });
    expect((await hidden((await createUser(t)).token)).status).toBe(403);
    expect((await t.api.get('/api/me/hidden-products/')).status).toBe(401);

    await t.api.post(`/api/moderation/products/${product.id}/restore/`, { reason: 'Invoice checked' }, { token: moderator.token });
    expect((await hidden(supplier.token)).body).toMatchObject({ count: 0, results: [] });
  });
});

describe('a hidden message', () => {
  it('reads back blanked to both sides, in pages, conversations and sync', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const url = await upload(t, supplier);
    const sent = await send(t, supplier, conversation.id, { text: 'Send money to this account', image: url });
    const reported = await report(buyer, 'message', sent.body.id);
    expect((await resolve(reported.body.id, 'hide', 'Scam attempt')).status).toBe(200);
    for (const user of [buyer, supplier]) {
      const page = await t.api.get(`/api/conversations/${conversation.id}/messages/`, { token: user.token });
      const message = page.body.results.find((m: any) => m.id === sent.body.id);
      expect(message).toMatchObject({ text: '', image_url: null, is_hidden: true });
      const chat = await t.api.get(`/api/conversations/${conversation.id}/`, { token: user.token });
      expect(chat.body.last_message).toMatchObject({ text: '', image_url: null });
      const pulled = await t.api.get('/api/sync/?limit=1000', { token: user.token });
      expect(pulled.body.changes.messages.upserted.find((m: any) => m.id === sent.body.id)).toMatchObject({
        text: '',
        image_url: null,
        is_hidden: true,
      });
      expect(JSON.stringify(pulled.body)).not.toContain('Send money');
    }
    // The moderator still reads what was said.
    const detail = await t.api.get(`/api/moderation/reports/${reported.body.id}/`, { token: moderator.token });
    expect(detail.body.target).toMatchObject({ text: 'Send money to this account', is_hidden: true });
  });
});

describe('a suspended account', () => {
  it('loses every sign-in at once, cannot sign in, its products are hidden and its profile answers 404; reinstating undoes that', async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER', password: 'correct horse battery' });
    const listed = await insertProduct(t, supplier.user.id, { name: 'Listed lamp' });
    const ownReport = await insertProduct(t, supplier.user.id, { name: 'Reported lamp' });
    const reporter = await createUser(t);
    const productReport = await report(reporter, 'product', ownReport.id);
    await resolve(productReport.body.id, 'hide', 'Prohibited');
    const userReport = await report(reporter, 'user', supplier.user.id, 'scam');
    expect((await t.api.get('/api/me/', { token: supplier.token })).status).toBe(200);

    const res = await resolve(userReport.body.id, 'suspend', 'Scammer');
    expect(res.status).toBe(200);
    expect(res.body.target).toMatchObject({ is_suspended: true });
    expect((await t.api.get('/api/me/', { token: supplier.token })).status).toBe(401);
    expect((await t.api.post('/api/auth/token/refresh/', { refresh: supplier.refresh })).status).toBe(401);
    const signIn = await t.api.post('/api/auth/login/', { email: supplier.email, password: 'correct horse battery' });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual({ detail: 'This account has been suspended.' });
    // A wrong password still answers as any wrong password does.
    expect((await t.api.post('/api/auth/login/', { email: supplier.email, password: 'wrong password here' })).status).toBe(401);
    expect((await t.api.get(`/api/users/${supplier.user.id}/`)).status).toBe(404);
    expect(await (await fetch(`${t.baseUrl}/users/${supplier.user.id}`)).text()).toContain('404');
    expect((await t.api.get(`/api/products/${listed.id}/`)).status).toBe(404);
    expect((await t.api.get(`/api/products/?supplier=${supplier.user.id}`)).body.count).toBe(0);
    const pages = await (await fetch(`${t.baseUrl}/sitemaps/pages.xml`)).text();
    expect(pages).not.toContain(`/users/${supplier.user.id}<`);

    const back = await t.api.post(
      `/api/moderation/users/${supplier.user.id}/reinstate/`,
      { reason: 'Appeal accepted' },
      { token: moderator.token },
    );
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ id: supplier.user.id, is_suspended: false });
    expect((await t.api.post('/api/auth/login/', { email: supplier.email, password: 'correct horse battery' })).status).toBe(200);
    expect((await t.api.get(`/api/users/${supplier.user.id}/`)).status).toBe(200);
    // Hidden because of the suspension: shown again. Hidden for its own report: still hidden.
    expect((await t.api.get(`/api/products/${listed.id}/`)).status).toBe(200);
    expect((await t.api.get(`/api/products/${ownReport.id}/`)).status).toBe(404);
    // Idempotent; unknown accounts are a 404.
    expect((await t.api.post(`/api/moderation/users/${supplier.user.id}/reinstate/`, {}, { token: moderator.token })).status).toBe(200);
    expect((await t.api.post('/api/moderation/users/99999999/reinstate/', {}, { token: moderator.token })).status).toBe(404);
    const log = await t.api.get('/api/moderation/actions/?limit=5', { token: moderator.token });
    expect(log.body.results[0]).toMatchObject({
      action: 'reinstate',
      target_type: 'user',
      target_id: supplier.user.id,
      reason: 'Appeal accepted',
    });
  });

  it('suspending the author of a reported message ends their pushes (subscriptions go)', async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    await t.db
      .insertInto('push_subscriptions')
      .values({
        endpoint: 'https://push.example/s1',
        user_id: supplier.user.id,
        session_id: '00000000-0000-4000-8000-000000000000',
        p256dh: 'k',
        auth: 'a',
      })
      .execute();
    const sent = await send(t, supplier, conversation.id, { text: 'spam spam' });
    const reported = await report(buyer, 'message', sent.body.id, 'spam');
    await resolve(reported.body.id, 'suspend', 'Spammer');
    expect(await t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', supplier.user.id).execute()).toEqual([]);
    const row = await t.db.selectFrom('users').select('suspended_at').where('id', '=', supplier.user.id).executeTakeFirstOrThrow();
    expect(row.suspended_at).not.toBeNull();
  });
});

describe('writes on a hidden product', () => {
  it('treat it as missing: favourites, reviews, conversations and orders', async () => {
    const { product, reporters, reportId } = await reportedProduct();
    await resolve(reportId, 'hide', 'Prohibited');
    const buyer = reporters[0];
    expect((await t.api.post('/api/favorites/', { product: product.id }, { token: buyer.token })).status).toBe(400);
    expect((await t.api.post(`/api/products/${product.id}/reviews/`, { rating: 5 }, { token: buyer.token })).status).toBe(404);
    expect((await t.api.get(`/api/products/${product.id}/reviews/`)).status).toBe(404);
    expect(
      (await t.api.post('/api/conversations/', { product: product.id, participants: [product.supplier_id] }, { token: buyer.token }))
        .status,
    ).toBe(400);
    expect((await t.api.post('/api/orders/', { product: product.id, quantity: 1 }, { token: buyer.token })).status).toBe(400);
  });
});
