import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES, createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { createProduct, firstCategoryId, insertProducts, productForm } from '../fixtures/catalogue';

let t: TestApp;
let owner: TestUser;
let otherSupplier: TestUser;
let buyer: TestUser;
let unverifiedSupplier: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUser(t, { type: 'SUPPLIER', badge: true, firstName: 'Ada' });
  otherSupplier = await createUser(t, { type: 'SUPPLIER' });
  buyer = await createUser(t, { type: 'BUYER' });
  unverifiedSupplier = await createUser(t, { type: 'SUPPLIER', verified: false });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/products/', () => {
  it('creates a product from the multipart form and answers it in the API shape', async () => {
    const categoryId = await firstCategoryId(t);
    const res = await t.api.post('/api/products/', await productForm(t, { images: [SAMPLE_FILES.jpeg, SAMPLE_FILES.mp4] }), {
      token: owner.token,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: 'Organic Shea Butter',
      description: expect.any(String),
      price: '12.50',
      min_price: '12.50',
      max_price: '20.00',
      thumbnail_url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.png$/),
      minimum_order_quantity: 5,
      quantity_in_stock: 100,
      average_rating: 0,
      reviews_count: 0,
      is_favorited: false,
      category: { id: categoryId, name: expect.any(String) },
      supplier: {
        id: owner.user.id,
        first_name: 'Ada',
        date_joined: expect.any(String),
        supplier_profile: { is_verified: true, company_name: expect.any(String) },
      },
      flash_deal_ends_at: null,
    });
    expect(res.body.images.map((i: { media_type: string }) => i.media_type)).toEqual(['image', 'video']);
    expect(res.body.images[0]).toEqual({
      id: expect.any(Number),
      media_source_url: expect.stringMatching(/^\/media\//),
      media_type: 'image',
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const thumb = await fetch(new URL(res.body.thumbnail_url, t.baseUrl));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/png');
    expect((await t.api.get(`/api/products/${res.body.id}/`)).body.name).toBe('Organic Shea Butter');
  });

  it('accepts JSON with the URL of an image already uploaded', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(SAMPLE_FILES.gif)]), 'x.gif');
    const upload = await t.api.post('/api/media/upload/', form, { token: owner.token });
    const res = await t.api.post(
      '/api/products/',
      {
        name: 'Kente cloth',
        description: 'Hand woven.',
        min_price: 30,
        max_price: 45.5,
        quantity_in_stock: 3,
        minimum_order_quantity: 1,
        category_id: await firstCategoryId(t),
        thumbnail: upload.body.secure_url,
      },
      { token: owner.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.max_price).toBe('45.50');
    expect(res.body.thumbnail_url).toMatch(/\.gif$/);
  });

  it('requires every field of the form', async () => {
    const res = await t.api.post('/api/products/', new FormData(), { token: owner.token });
    expect(res.status).toBe(400);
    for (const field of ['name', 'description', 'min_price', 'max_price', 'quantity_in_stock', 'minimum_order_quantity', 'category_id']) {
      expect(res.body[field]).toEqual(['This field is required.']);
    }
    expect(res.body.thumbnail).toEqual(['A thumbnail image is required.']);
  });

  it.each([
    [{ min_price: '25.00', max_price: '20.00' }, { min_price: ['Minimum price cannot be greater than the maximum price.'] }],
    [{ minimum_order_quantity: '101' }, { minimum_order_quantity: ['minimum order quantity cannot be greater than quantity in stock'] }],
    [{ thumbnail: false }, { thumbnail: ['A thumbnail image is required.'] }],
    [{ min_price: '1.999' }, { min_price: ['Ensure that there are no more than 2 decimal places.'] }],
    [{ min_price: '-1' }, { min_price: ['Ensure this value is greater than or equal to 0.'] }],
    [{ max_price: 'cheap' }, { max_price: ['A valid number is required.'] }],
    [{ quantity_in_stock: '0', minimum_order_quantity: '1' }, { quantity_in_stock: ['Ensure this value is greater than or equal to 1.'] }],
    [{ minimum_order_quantity: '0' }, { minimum_order_quantity: ['Ensure this value is greater than or equal to 1.'] }],
    [{ quantity_in_stock: '2.5' }, { quantity_in_stock: ['A valid integer is required.'] }],
    [{ name: '   ' }, { name: ['This field may not be blank.'] }],
    [{ category_id: '999999' }, { category_id: ['Invalid pk "999999" - object does not exist.'] }],
  ])('rejects %o with the spec message and stores nothing', async (input, errors) => {
    const before = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.api.post('/api/products/', await productForm(t, input), { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errors);
    const after = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('accepts a zero price and equal minimum and maximum', async () => {
    const res = await t.api.post(
      '/api/products/',
      await productForm(t, { min_price: '0', max_price: '0.00', quantity_in_stock: '1', minimum_order_quantity: '1' }),
      { token: owner.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.price).toBe('0.00');
  });

  it('takes only images as the thumbnail and images or videos in the gallery, at most 10', async () => {
    const form = await productForm(t, { thumbnail: false });
    form.append('thumbnail', new Blob([new Uint8Array(SAMPLE_FILES.mp4)]), 'clip.png');
    let res = await t.api.post('/api/products/', form, { token: owner.token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['thumbnail']);

    res = await t.api.post('/api/products/', await productForm(t, { images: [SAMPLE_FILES.pdf] }), { token: owner.token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['images']);

    res = await t.api.post('/api/products/', await productForm(t, { thumbnail: false, images: Array(11).fill(SAMPLE_FILES.png) }), {
      token: owner.token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ images: ['Ensure this field has no more than 10 files.'] });
  });

  it('lets only verified suppliers create products', async () => {
    const guest = await t.api.post('/api/products/', await productForm(t));
    expect(guest.status).toBe(401);
    const asBuyer = await t.api.post('/api/products/', await productForm(t), { token: buyer.token });
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body.detail).toEqual(expect.any(String));
    const unverified = await t.api.post('/api/products/', await productForm(t), { token: unverifiedSupplier.token });
    expect(unverified.status).toBe(403);
  });
});

describe('PATCH and DELETE /api/products/{id}/', () => {
  it('changes only the fields sent, checking the rules on the merged product', async () => {
    const product = await createProduct(t, owner, { images: [SAMPLE_FILES.png] });
    let res = await t.api.patch(`/api/products/${product.id}/`, { name: 'Shea butter, 5 kg' }, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Shea butter, 5 kg',
      min_price: '12.50',
      max_price: '20.00',
      thumbnail_url: product.thumbnail_url,
    });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(product.updated_at).getTime());

    res = await t.api.patch(`/api/products/${product.id}/`, { min_price: '25' }, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ min_price: ['Minimum price cannot be greater than the maximum price.'] });
    res = await t.api.patch(`/api/products/${product.id}/`, { quantity_in_stock: 4 }, { token: owner.token });
    expect(res.body).toEqual({ minimum_order_quantity: ['minimum order quantity cannot be greater than quantity in stock'] });
    res = await t.api.patch(`/api/products/${product.id}/`, { quantity_in_stock: 4, minimum_order_quantity: 4 }, { token: owner.token });
    expect(res.status).toBe(200);
    expect((await t.api.get(`/api/products/${product.id}/`)).body.min_price).toBe('12.50');
  });

  it('appends new gallery files, removes the listed ones and keeps to 10', async () => {
    const product = await createProduct(t, owner, { images: [SAMPLE_FILES.png, SAMPLE_FILES.gif] });
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(SAMPLE_FILES.jpeg)]), 'a.jpg');
    form.append('remove_image_ids', String(product.images[0].id));
    form.append('thumbnail', new Blob([new Uint8Array(SAMPLE_FILES.gif)]), 'new-thumb.gif');
    let res = await t.api.patch(`/api/products/${product.id}/`, form, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.images.map((i: { id: number }) => i.id)).not.toContain(product.images[0].id);
    expect(res.body.images).toHaveLength(2);
    expect(res.body.thumbnail_url).toMatch(/\.gif$/);

    const tooMany = new FormData();
    for (let i = 0; i < 9; i++) tooMany.append('images', new Blob([new Uint8Array(SAMPLE_FILES.png)]), `p${i}.png`);
    res = await t.api.patch(`/api/products/${product.id}/`, tooMany, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ images: ['A product can have at most 10 images or videos.'] });
    expect((await t.api.get(`/api/products/${product.id}/`)).body.images).toHaveLength(2);

    res = await t.api.patch(`/api/products/${product.id}/`, { remove_image_ids: [999999] }, { token: owner.token });
    expect(res.status).toBe(400);
  });

  it('authorization matrix: only the owning verified supplier edits or deletes', async () => {
    const product = await createProduct(t, owner);
    const cases: Array<[string, string | undefined, number]> = [
      ['guest', undefined, 401],
      ['buyer', buyer.token, 403],
      ['unverified', unverifiedSupplier.token, 403],
      ['other supplier', otherSupplier.token, 403],
    ];
    for (const [, token, status] of cases) {
      expect((await t.api.patch(`/api/products/${product.id}/`, { name: 'Hijacked' }, { token })).status).toBe(status);
      expect((await t.api.delete(`/api/products/${product.id}/`, { token })).status).toBe(status);
    }
    const denied = await t.api.patch(`/api/products/${product.id}/`, { name: 'Hijacked' }, { token: otherSupplier.token });
    expect(denied.body).toEqual({ detail: 'Access Denied: You can only edit your own products.' });
    const deniedDelete = await t.api.delete(`/api/products/${product.id}/`, { token: otherSupplier.token });
    expect(deniedDelete.body).toEqual({ detail: 'Access Denied: You can only edit your own products.' });
    expect((await t.api.get(`/api/products/${product.id}/`)).body.name).toBe(product.name);

    expect((await t.api.patch('/api/products/999999/', { name: 'x' }, { token: owner.token })).status).toBe(404);
    const del = await t.api.delete(`/api/products/${product.id}/`, { token: owner.token });
    expect(del.status).toBe(204);
    expect((await t.api.get(`/api/products/${product.id}/`)).status).toBe(404);
    expect((await t.api.delete(`/api/products/${product.id}/`, { token: owner.token })).status).toBe(404);
  });

  it('keeps conversations about a deleted product, without the product', async () => {
    const product = await createProduct(t, owner);
    const conversation = await t.db
      .insertInto('conversations')
      .values({ buyer_id: buyer.user.id, supplier_id: owner.user.id, product_id: product.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('messages').values({ conversation_id: conversation.id, sender_id: buyer.user.id, text: 'Hello' }).execute();
    expect((await t.api.delete(`/api/products/${product.id}/`, { token: owner.token })).status).toBe(204);
    const after = await t.db.selectFrom('conversations').select('product_id').where('id', '=', conversation.id).executeTakeFirstOrThrow();
    expect(after.product_id).toBeNull();
    const messages = await t.db.selectFrom('messages').select('text').where('conversation_id', '=', conversation.id).execute();
    expect(messages).toEqual([{ text: 'Hello' }]);
  });
});

describe('flash deals', () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  it('a supplier puts a product on a deal below its minimum price, it lists among the deals, then ends it', async () => {
    const product = await createProduct(t, owner);
    const ends = inDays(2);
    let res = await t.api.patch(`/api/products/${product.id}/`, { price: '9.99', flash_deal_ends_at: ends }, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ price: '9.99', min_price: '12.50', flash_deal_ends_at: ends });
    const deals = await t.api.get(`/api/products/flash-deals/?supplier=${owner.user.id}&limit=100`);
    expect(deals.body.results.map((p: { id: number }) => p.id)).toContain(product.id);

    const form = new FormData();
    form.append('price', '');
    form.append('flash_deal_ends_at', '');
    res = await t.api.patch(`/api/products/${product.id}/`, form, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ price: '12.50', flash_deal_ends_at: null });
    const after = await t.api.get(`/api/products/flash-deals/?supplier=${owner.user.id}&limit=100`);
    expect(after.body.results.map((p: { id: number }) => p.id)).not.toContain(product.id);
  });

  it.each([
    [{ price: '12.50', flash_deal_ends_at: inDays(1) }, { price: ['The deal price must be lower than the minimum price.'] }],
    [{ price: '5.00', flash_deal_ends_at: inDays(-1) }, { flash_deal_ends_at: ['The deal must end in the future.'] }],
    [{ price: '5.00' }, { flash_deal_ends_at: ['A flash deal needs both a deal price and an end time.'] }],
    [{ price: '', flash_deal_ends_at: inDays(1) }, { price: ['A flash deal needs both a deal price and an end time.'] }],
    [{ price: '5.001', flash_deal_ends_at: inDays(1) }, { price: ['Ensure that there are no more than 2 decimal places.'] }],
    [{ price: '5.00', flash_deal_ends_at: 'next week' }, { flash_deal_ends_at: ['Enter a valid date and time.'] }],
  ])('rejects the deal %o and changes nothing', async (input, errors) => {
    const product = await createProduct(t, owner);
    const res = await t.api.patch(`/api/products/${product.id}/`, input, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errors);
    expect((await t.api.get(`/api/products/${product.id}/`)).body).toMatchObject({ price: '12.50', flash_deal_ends_at: null });
  });

  it('checks the deal against the new minimum price sent with it, and a lower minimum against a running deal', async () => {
    const product = await createProduct(t, owner);
    let res = await t.api.patch(
      `/api/products/${product.id}/`,
      { min_price: '15.00', price: '14.00', flash_deal_ends_at: inDays(1) },
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    res = await t.api.patch(`/api/products/${product.id}/`, { min_price: '14.00' }, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ min_price: ['The deal price must be lower than the minimum price.'] });
  });

  it('only the owning supplier runs a deal', async () => {
    const product = await createProduct(t, owner);
    const res = await t.api.patch(
      `/api/products/${product.id}/`,
      { price: '1.00', flash_deal_ends_at: inDays(1) },
      { token: otherSupplier.token },
    );
    expect(res.status).toBe(403);
    expect((await t.api.get(`/api/products/${product.id}/`)).body.flash_deal_ends_at).toBeNull();
  });
});

describe('GET /api/products/', () => {
  let supplierA: TestUser;
  let supplierB: TestUser;
  let categoryA: number;
  let categoryB: number;
  let ids: number[];

  beforeAll(async () => {
    supplierA = await createUser(t, { type: 'SUPPLIER' });
    supplierB = await createUser(t, { type: 'SUPPLIER' });
    const cats = await t.db.selectFrom('categories').select('id').orderBy('id').limit(2).execute();
    [categoryA, categoryB] = cats.map((c) => c.id);
    const rows = await insertProducts(t, supplierA.user.id, [
      { name: 'Listing one', category_id: categoryA },
      { name: 'Listing two', category_id: categoryA },
      { name: 'Listing three', category_id: categoryB },
    ]);
    const more = await insertProducts(t, supplierB.user.id, [
      { name: 'Listing four', category_id: categoryA, price: '0.90', flash_deal_ends_at: new Date(Date.now() + 86_400_000) },
    ]);
    ids = [...rows, ...more].map((r) => r.id);
  });

  it('pages the whole catalogue with count, next and previous', async () => {
    const first = await t.api.get('/api/products/?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.count).toBeGreaterThanOrEqual(4);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toContain('offset=2');
    const second = await t.api.get(first.body.next);
    expect(second.body.results[0].id).not.toBe(first.body.results[0].id);
    expect((await t.api.get('/api/products/?limit=-1')).status).toBe(400);
  });

  it('filters by supplier, category and excludes one product (related products)', async () => {
    const bySupplier = await t.api.get(`/api/products/?supplier=${supplierA.user.id}`);
    expect(bySupplier.body.results.map((p: { id: number }) => p.id).sort()).toEqual(ids.slice(0, 3).sort());
    const related = await t.api.get(`/api/products/?category=${categoryA}&exclude=${ids[0]}&supplier=${supplierA.user.id}`);
    expect(related.body.results.map((p: { id: number }) => p.id)).toEqual([ids[1]]);
    const bad = await t.api.get('/api/products/?category=abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ category: ['A valid integer is required.'] });
  });

  it('answers price as the running deal price, else the minimum price', async () => {
    const deal = (await t.api.get(`/api/products/${ids[3]}/`)).body;
    expect(deal).toMatchObject({ price: '0.90', min_price: '1.00' });
    expect((await t.api.get(`/api/products/${ids[0]}/`)).body.price).toBe('1.00');
  });

  it('never answers from an outdated cache: changes of categories, suppliers and ratings show at once', async () => {
    const url = `/api/products/${ids[0]}/`;
    const before = (await t.api.get(url)).body;
    await t.api.get(`/api/products/?supplier=${supplierA.user.id}`);
    await t.db.updateTable('categories').set({ name: 'Renamed category' }).where('id', '=', categoryA).execute();
    await t.db
      .updateTable('supplier_profiles')
      .set({ company_name: 'Renamed supplier' })
      .where('user_id', '=', supplierA.user.id)
      .execute();
    const after = (await t.api.get(url)).body;
    expect(after.category.name).toBe('Renamed category');
    expect(after.supplier.supplier_profile.company_name).toBe('Renamed supplier');
    const list = (await t.api.get(`/api/products/?supplier=${supplierA.user.id}`)).body;
    expect(
      list.results.every(
        (p: { supplier: { supplier_profile: { company_name: string } } }) =>
          p.supplier.supplier_profile.company_name === 'Renamed supplier',
      ),
    ).toBe(true);
    await t.db.insertInto('reviews').values({ product_id: ids[0], reviewer_id: buyer.user.id, rating: 3 }).execute();
    expect((await t.api.get(url)).body.reviews_count).toBe(before.reviews_count + 1);
    await t.db.deleteFrom('products').where('id', '=', ids[2]).execute();
    expect((await t.api.get(`/api/products/?supplier=${supplierA.user.id}`)).body.count).toBe(2);
  });

  it('answers 404 for an unknown or malformed product id', async () => {
    expect((await t.api.get('/api/products/999999/')).status).toBe(404);
    expect((await t.api.get('/api/products/abc/')).status).toBe(404);
    // One id parser (src/shared/validation.ts): only plain decimal digits in the database's integer range name a record.
    for (const id of ['0x10', '1e3', '0', '-1', '2147483648']) expect((await t.api.get(`/api/products/${id}/`)).status).toBe(404);
    const answer = await t.api.get(`/api/products/${ids[0]}/`);
    expect(answer.status).toBe(200);
  });

  it('says is_favorited for the signed-in caller only', async () => {
    await t.db.insertInto('favorites').values({ user_id: buyer.user.id, product_id: ids[0] }).execute();
    expect((await t.api.get(`/api/products/${ids[0]}/`, { token: buyer.token })).body.is_favorited).toBe(true);
    expect((await t.api.get(`/api/products/${ids[0]}/`)).body.is_favorited).toBe(false);
    expect((await t.api.get(`/api/products/${ids[0]}/`, { token: otherSupplier.token })).body.is_favorited).toBe(false);
    const list = await t.api.get(`/api/products/?supplier=${supplierA.user.id}`, { token: buyer.token });
    expect(list.body.results.find((p: { id: number }) => p.id === ids[0]).is_favorited).toBe(true);
    expect(list.body.results.find((p: { id: number }) => p.id === ids[1]).is_favorited).toBe(false);
  });
});

describe('listing sections', () => {
  let seller: TestUser;
  const day = 86_400_000;

  beforeAll(async () => {
    seller = await createUser(t, { type: 'SUPPLIER' });
  });

  const idsOf = (body: { results: Array<{ id: number; supplier: { id: number } }> }) =>
    body.results.filter((p) => p.supplier.id === seller.user.id).map((p) => p.id);

  it('flash deals: only deals still running, ending soonest first', async () => {
    const now = Date.now();
    const [later, ended, sooner] = await insertProducts(t, seller.user.id, [
      { name: 'Deal later', flash_deal_ends_at: new Date(now + 3 * day) },
      { name: 'Deal ended', flash_deal_ends_at: new Date(now - day) },
      { name: 'Deal sooner', flash_deal_ends_at: new Date(now + day) },
    ]);
    const res = await t.api.get('/api/products/flash-deals/?limit=100');
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([sooner.id, later.id]);
    expect(idsOf(res.body)).not.toContain(ended.id);
  });

  it('new arrivals: newest first', async () => {
    const now = Date.now();
    const [old, newest, middle] = await insertProducts(t, seller.user.id, [
      { name: 'Old', created_at: new Date(now - 3 * day) },
      { name: 'Newest', created_at: new Date(now + 1000) },
      { name: 'Middle', created_at: new Date(now - day) },
    ]);
    const res = await t.api.get('/api/products/new-arrivals/?limit=100');
    const order = idsOf(res.body);
    expect(order.indexOf(newest.id)).toBeLessThan(order.indexOf(middle.id));
    expect(order.indexOf(middle.id)).toBeLessThan(order.indexOf(old.id));
  });

  it('top rated: only reviewed products, by average rating then number of reviews', async () => {
    const rated = await insertProducts(t, seller.user.id, [
      { name: 'Five once' },
      { name: 'Four twice' },
      { name: 'Five twice' },
      { name: 'Unreviewed' },
    ]);
    const reviewers = await Promise.all([1, 2].map(() => createUser(t, { type: 'BUYER' })));
    const review = (i: number, by: number, rating: number) =>
      t.db.insertInto('reviews').values({ product_id: rated[i].id, reviewer_id: reviewers[by].user.id, rating }).execute();
    await review(0, 0, 5);
    await review(1, 0, 4);
    await review(1, 1, 4);
    await review(2, 0, 5);
    await review(2, 1, 5);
    const res = await t.api.get('/api/products/top-rated/?limit=100');
    expect(idsOf(res.body)).toEqual([rated[2].id, rated[0].id, rated[1].id]);
  });

  it('hot selling: favourites and conversations of the last 30 days first, then all-time', async () => {
    const [quiet, oldFavourite, recent] = await insertProducts(t, seller.user.id, [
      { name: 'Quiet' },
      { name: 'Old favourite' },
      { name: 'Recent' },
    ]);
    const fans = await Promise.all([1, 2, 3].map(() => createUser(t, { type: 'BUYER' })));
    const longAgo = new Date(Date.now() - 60 * 86_400_000);
    for (const fan of fans)
      await t.db.insertInto('favorites').values({ user_id: fan.user.id, product_id: oldFavourite.id, created_at: longAgo }).execute();
    await t.db.insertInto('favorites').values({ user_id: fans[0].user.id, product_id: recent.id }).execute();
    await t.db
      .insertInto('conversations')
      .values({ buyer_id: fans[1].user.id, supplier_id: seller.user.id, product_id: recent.id })
      .execute();
    const res = await t.api.get(`/api/products/hot-selling/?supplier=${seller.user.id}&limit=100`);
    const order = idsOf(res.body);
    expect(order.indexOf(recent.id)).toBeLessThan(order.indexOf(oldFavourite.id));
    expect(order.indexOf(oldFavourite.id)).toBeLessThan(order.indexOf(quiet.id));
  });
});

describe('search', () => {
  let seller: TestUser;
  beforeAll(async () => {
    seller = await createUser(t, { type: 'SUPPLIER' });
    await insertProducts(t, seller.user.id, [
      { name: 'Café moulu du Togo', description: 'Torréfaction artisanale.' },
      { name: 'Türk Kahvesi', description: 'Geleneksel KAHVE, ince öğütülmüş.' },
      { name: 'Kırmızı Pul Biber', description: 'Maraş biberi.' },
      { name: 'İpek Eşarp', description: 'El yapımı.' },
      { name: 'Woven basket', description: 'Good for storing coffee beans and dried pepper.' },
      { name: 'Pepper grinder', description: 'Steel grinder.' },
      { name: '100% cotton_towel', description: 'Soft.' },
    ]);
  });

  const names = async (term: string, extra = '') => {
    const res = await t.api.get(`/api/products/?search=${encodeURIComponent(term)}&supplier=${seller.user.id}${extra}`);
    expect(res.status).toBe(200);
    return res.body.results.map((p: { name: string }) => p.name);
  };

  it('ignores accents and case', async () => {
    expect(await names('cafe')).toEqual(['Café moulu du Togo']);
    expect(await names('CAFÉ')).toEqual(['Café moulu du Togo']);
    expect(await names('torrefaction')).toEqual(['Café moulu du Togo']);
    expect(await names('kahve')).toEqual(['Türk Kahvesi']);
    expect(await names('KAHVE')).toEqual(['Türk Kahvesi']);
    expect(await names('turk')).toEqual(['Türk Kahvesi']);
  });

  it('matches Turkish dotless and dotted i with plain i', async () => {
    expect(await names('kirmizi')).toEqual(['Kırmızı Pul Biber']);
    expect(await names('KIRMIZI')).toEqual(['Kırmızı Pul Biber']);
    expect(await names('ipek')).toEqual(['İpek Eşarp']);
    expect(await names('İPEK')).toEqual(['İpek Eşarp']);
  });

  it('finds every word anywhere in name or description, name matches first', async () => {
    expect(await names('pepper')).toEqual(['Pepper grinder', 'Woven basket']);
    expect(await names('pepper coffee')).toEqual(['Woven basket']);
    expect(await names('grinder steel')).toEqual(['Pepper grinder']);
    expect(await names('pepper tea')).toEqual([]);
  });

  it('treats % and _ as plain characters', async () => {
    expect(await names('100%')).toEqual(['100% cotton_towel']);
    expect(await names('n_t')).toEqual(['100% cotton_towel']);
    expect(await names('%')).toEqual(['100% cotton_towel']);
  });

  it('serves suggestions with limit=5 carrying id, name, thumbnail and price', async () => {
    const res = await t.api.get(`/api/products/?search=e&limit=5`);
    expect(res.body.results.length).toBeLessThanOrEqual(5);
    expect(res.body.results[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        name: expect.any(String),
        thumbnail_url: expect.any(String),
        price: expect.any(String),
      }),
    );
  });
});
