import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { productForm } from '../fixtures/catalogue';
import { backfillMediaColors } from '@server/services/media/colors';

/**
 * A product carries its pictures' dominant colours (thumbnail_color, images[].color), worked
 * out when a picture is stored, so a device paints that colour while the picture loads; the
 * pictures stored before colours were kept get theirs from the background backfill.
 */
let t: TestApp;
let supplier: TestUser;

const solid = (r: number, g: number, b: number) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await startTestApp();
  supplier = await createUser(t, { type: 'SUPPLIER' });
});
afterAll(async () => {
  await t.close();
});

describe('dominant colours of product pictures', () => {
  it('answers each picture colour with the product, in the API and in the sync payload', async () => {
    const form = await productForm(t, { thumbnail: false, images: [await solid(20, 120, 200)] });
    form.append('thumbnail', new Blob([new Uint8Array(await solid(200, 30, 30))], { type: 'image/png' }), 'red.png');
    const created = await t.api.post('/api/products/', form, { token: supplier.token });
    expect(created.status).toBe(201);
    const colour = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    const near = (hex: string, rgb: number[]) => colour(hex).every((c, i) => Math.abs(c - rgb[i]) <= 8);
    const read = (await t.api.get(`/api/products/${created.body.id}/`)).body;
    expect(read.thumbnail_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(near(read.thumbnail_color, [200, 30, 30])).toBe(true);
    expect(near(read.images[0].color, [20, 120, 200])).toBe(true);
    const listed = (await t.api.get('/api/products/?limit=50')).body.results.find((p: { id: number }) => p.id === created.body.id);
    expect(listed.thumbnail_color).toBe(read.thumbnail_color);
  });

  it('fills in the colours of pictures stored before colours were kept, and answers null until then', async () => {
    const form = await productForm(t, { thumbnail: false });
    form.append('thumbnail', new Blob([new Uint8Array(await solid(10, 160, 40))], { type: 'image/png' }), 'green.png');
    const created = await t.api.post('/api/products/', form, { token: supplier.token });
    await t.db.deleteFrom('media_colors').execute();
    expect((await t.api.get(`/api/products/${created.body.id}/`)).body.thumbnail_color).toBeNull();
    // A device already holding the product, up to date.
    const before = (await t.api.get('/api/sync/?collections=products&limit=500')).body;
    expect(before.has_more).toBe(false);
    expect(await backfillMediaColors(t.db, t.app.media.objects)).toBeGreaterThan(0);
    expect((await t.api.get(`/api/products/${created.body.id}/`)).body.thumbnail_color).toMatch(/^#[0-9a-f]{6}$/);
    // Its next pull brings the product again, now with its colour, though the product itself did not change.
    const after = (await t.api.get(`/api/sync/?collections=products&since=${encodeURIComponent(before.cursor)}`)).body;
    const pulled = after.changes.products.upserted.find((p: { id: number }) => p.id === created.body.id);
    expect(pulled?.thumbnail_color).toMatch(/^#[0-9a-f]{6}$/);
    // Nothing left to fill: a second pass finds nothing.
    expect(await backfillMediaColors(t.db, t.app.media.objects)).toBe(0);
  });
});
