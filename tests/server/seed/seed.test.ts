import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../helpers';
import { seedDemo, type SeedResult } from '@server/seed';
import { kindOf } from '@server/seed/drawings';
import sharp from 'sharp';

let t: TestApp;
let first: SeedResult;

beforeAll(async () => {
  t = await startTestApp();
  first = await seedDemo(t.db, t.app.media);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const count = async (table: 'products' | 'banners' | 'reviews' | 'favorites' | 'product_media' | 'users' | 'notifications') =>
  Number((await t.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);

describe('demo catalogue', () => {
  it('loads suppliers from the four countries, ~150 products, banners, reviews, favourites and flash deals', async () => {
    expect(first.seeded).toBe(true);
    expect(await count('products')).toBeGreaterThanOrEqual(140);
    expect(await count('banners')).toBe(3);
    expect(await count('reviews')).toBeGreaterThan(50);
    expect(await count('favorites')).toBeGreaterThan(20);
    const suppliers = await t.db
      .selectFrom('users')
      .innerJoin('supplier_profiles', 'supplier_profiles.user_id', 'users.id')
      .select(['users.country', 'supplier_profiles.is_verified'])
      .execute();
    expect(suppliers).toHaveLength(8);
    expect(new Set(suppliers.map((s) => s.country))).toEqual(new Set(['TR', 'NG', 'SN', 'CI']));
    expect(suppliers.some((s) => s.is_verified)).toBe(true);
    expect(suppliers.some((s) => !s.is_verified)).toBe(true);

    const deals = await t.api.get('/api/products/flash-deals/');
    expect(deals.body.count).toBeGreaterThan(0);
    expect(deals.body.results.every((p: { flash_deal_ends_at: string }) => new Date(p.flash_deal_ends_at) > new Date())).toBe(true);
    expect((await t.api.get('/api/products/top-rated/')).body.count).toBeGreaterThan(0);
    expect((await t.api.get('/api/categories/')).body.length).toBeGreaterThanOrEqual(12);
  });

  it('sells a third of the products by quantity with a sample, and has open requests for quotation with quotes', async () => {
    const products = (await t.api.get('/api/products/?limit=100')).body.results as Array<{
      price_tiers: Array<{ min_quantity: number; unit_price: string }>;
      sample_price: string | null;
      minimum_order_quantity: number;
    }>;
    const tiered = products.filter((p) => p.price_tiers.length > 0);
    expect(tiered.length).toBeGreaterThanOrEqual(products.length / 4);
    expect(tiered.length).toBeLessThanOrEqual(products.length / 2);
    for (const p of tiered) {
      expect(p.price_tiers[0].min_quantity).toBe(p.minimum_order_quantity);
      expect(p.sample_price).not.toBeNull();
    }
    const requests = await t.db.selectFrom('rfqs').selectAll().execute();
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests.every((r) => r.status === 'open' && r.deadline > new Date())).toBe(true);
    const quotes = await t.db.selectFrom('rfq_quotes').selectAll().execute();
    expect(quotes.length).toBeGreaterThanOrEqual(requests.length);
    for (const r of requests) expect(quotes.filter((q) => q.rfq_id === r.id)).toHaveLength(r.quotes_count);
    // Some show pictures, files of the media store (a request's pictures are its buyer's uploads; the seed's are its own).
    const pictures = requests.flatMap((r) => r.images);
    expect(pictures.length).toBeGreaterThan(0);
    for (const path of pictures) expect((await t.api.get(path)).status).toBe(200);
  });

  it("writes each supplier's products in their language", async () => {
    const turkish = await t.api.get('/api/products/?search=kahve');
    expect(turkish.body.results[0].supplier.supplier_profile.company_name).toBe('Ege Zeytin ve Gıda');
    const french = await t.api.get('/api/products/?search=cafe');
    expect(french.body.results.map((p: { name: string }) => p.name).join(' ')).toMatch(/Café/);
    expect(french.body.results[0].description).toMatch(/torréfi|café|Café/);
  });

  it('draws each product as what it is, gives suppliers logos and banners real pictures', async () => {
    const rice = (await t.api.get('/api/products/?search=ofada')).body.results[0];
    const panel = (await t.api.get('/api/products/?search=monocrystalline')).body.results[0];
    const picture = async (url: string) => sharp(Buffer.from(await (await fetch(new URL(url, t.baseUrl))).arrayBuffer())).metadata();
    for (const p of [rice, panel]) expect(await picture(p.thumbnail_url)).toMatchObject({ format: 'webp', width: 480, height: 480 });
    expect(kindOf(rice.name)).toBe('sack');
    expect(kindOf(panel.name)).toBe('solar-panel');
    expect(['Chaise en bois d’iroko – Teinte acajou', 'Petrol Generator – 3.5 kVA', 'Tissu wax 100 % coton – 6 yards'].map(kindOf)).toEqual(
      ['chair', 'generator', 'fabric-roll'],
    );
    // Every demo product has a drawing of its own kind, not the fallback by accident.
    const names = await t.db.selectFrom('products').select('name').execute();
    const fallback = names.filter(
      (n) =>
        kindOf(n.name) === 'pouch' &&
        !/pepper|hibiscus|chips|kahve|biber|üzüm|kayısı|lokum|moringa|bissap|café|poudre|encens/i.test(n.name),
    );
    expect(fallback).toEqual([]);
    const suppliers = await t.db.selectFrom('supplier_profiles').select('logo_url').execute();
    expect(suppliers.every((s) => s.logo_url?.startsWith('/media/'))).toBe(true);
    expect(await picture(suppliers[0].logo_url!)).toMatchObject({ format: 'webp' });
    const banner = (await t.api.get('/api/banners/')).body[0];
    expect(await picture(banner.image_url)).toMatchObject({ format: 'webp', width: 1200, height: 400 });
  });

  it('gives every product its own generated picture, served by the media route', async () => {
    const rows = await t.db.selectFrom('products').select('thumbnail_url').execute();
    expect(new Set(rows.map((r) => r.thumbnail_url)).size).toBe(rows.length);
    const list = await t.api.get('/api/products/?limit=3');
    for (const p of list.body.results) {
      const res = await fetch(new URL(p.thumbnail_url, t.baseUrl));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500);
      expect(p.images.length).toBeGreaterThan(0);
    }
    const banner = (await t.api.get('/api/banners/')).body[0];
    expect((await fetch(new URL(banner.image_url, t.baseUrl))).status).toBe(200);
  });

  it('keeps ratings true to the reviews', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from products p
      where p.reviews_count <> (select count(*) from reviews r where r.product_id = p.id)
         or p.average_rating <> coalesce((select round(avg(r.rating)::numeric, 2) from reviews r where r.product_id = p.id), 0)`.execute(
      t.db,
    );
    expect(rows[0].n).toBe(0);
  });

  it('has suppliers at each verification level and a pending request for the demo moderator', async () => {
    const levels = await Promise.all(
      (await t.db.selectFrom('supplier_profiles').select('user_id').execute()).map(async (s) =>
        (await t.api.get(`/api/users/${s.user_id}/`)).body.verification.map((v: { check: string }) => v.check).join('+'),
      ),
    );
    expect(new Set(levels)).toEqual(new Set(['email', 'email+business_registration']));
    const moderator = first.signIns.find((s) => s.email === 'moderator@demo.market')!;
    const login = await t.api.post('/api/auth/login/', { email: moderator.email, password: moderator.password });
    expect((await t.api.get('/api/me/', { token: login.body.access })).body.is_moderator).toBe(true);
    const pending = await t.api.get('/api/moderation/verifications/?status=pending', { token: login.body.access });
    expect(pending.body.count).toBe(1);
  });

  it('lets the demo supplier, buyer and moderator sign in, verified and onboarded', async () => {
    expect(first.signIns.map((s) => s.role)).toEqual(['SUPPLIER', 'BUYER', 'BUYER']);
    for (const signIn of first.signIns) {
      const login = await t.api.post('/api/auth/login/', { email: signIn.email, password: signIn.password });
      expect(login.status).toBe(200);
      const me = await t.api.get('/api/me/', { token: login.body.access });
      expect(me.body).toMatchObject({ email: signIn.email, user_type: signIn.role, is_verified: true, is_first_login: false });
    }
  });

  it('never seeds again into a catalogue that has products', async () => {
    const before = await Promise.all((['products', 'users', 'reviews', 'banners'] as const).map(count));
    const again = await seedDemo(t.db, t.app.media);
    expect(again.seeded).toBe(false);
    expect(again.signIns).toHaveLength(3);
    expect(await Promise.all((['products', 'users', 'reviews', 'banners'] as const).map(count))).toEqual(before);
  });
});

describe("a catalogue of someone else's", () => {
  it('is left alone even without demo accounts', async () => {
    const other = await startTestApp();
    try {
      const user = await other.db
        .insertInto('users')
        .values({
          email: 'real@seller.ng',
          first_name: 'Real',
          last_name: 'Seller',
          phone_number: '+234',
          password_hash: 'x',
          user_type: 'SUPPLIER',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await other.db
        .insertInto('products')
        .values({
          supplier_id: user.id,
          name: 'Real product',
          description: 'd',
          min_price: 1,
          max_price: 2,
          thumbnail_url: '/media/x.png',
          minimum_order_quantity: 1,
          quantity_in_stock: 1,
        })
        .execute();
      const result = await seedDemo(other.db, other.app.media);
      expect(result).toEqual({ seeded: false, products: 0, signIns: [] });
      expect((await other.api.get('/api/products/')).body.count).toBe(1);
    } finally {
      await other.close();
    }
  });
});
