import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bannerSchema, favoriteSchema, productSchema, reviewSchema, syncAnswerSchema } from '@/shared/catalogue';
import { conversationSchema, messageSchema, notificationSchema } from '@/shared/chat';
import { countsSchema, pageSchema, publicUserSchema, userSchema } from '@/shared/types';
import { createUser, startTestApp, type TestApp } from './helpers';
import { chatPair, send } from './messaging-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The answer parsed strictly: every field the schema names, and no field it does not. */
function fits(schema: z.ZodType, body: unknown) {
  const result = (schema as unknown as { strict?: () => z.ZodType }).strict?.().safeParse(body) ?? schema.safeParse(body);
  return result.success ? 'fits' : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message} ${'keys' in i ? String(i.keys) : ''}`);
}

describe('the server answers in the shared API shapes (src/shared/)', () => {
  it('for accounts, the catalogue, chat, the bell and the sync feed', async () => {
    const { buyer, supplier, product, conversation } = await chatPair(t);
    await send(t, buyer, conversation.id, { text: 'Hello', client_id: crypto.randomUUID() });
    await send(t, buyer, conversation.id, { text: '', price: '18.00' });
    const favorite = await t.api.post('/api/favorites/', { product: product.id }, { token: buyer.token });
    const review = await t.api.post(`/api/products/${product.id}/reviews/`, { rating: 4, comment: 'Good' }, { token: buyer.token });
    const other = await createUser(t);
    const get = async (path: string, token?: string) => (await t.api.get(path, { token })).body;

    expect(fits(userSchema, await get('/api/me/', supplier.token))).toBe('fits');
    expect(fits(countsSchema, await get('/api/me/counts/', supplier.token))).toBe('fits');
    expect(fits(productSchema, await get(`/api/products/${product.id}/`))).toBe('fits');
    expect(fits(pageSchema(productSchema), await get('/api/products/'))).toBe('fits');
    expect(fits(favoriteSchema, favorite.body)).toBe('fits');
    expect(fits(reviewSchema, review.body)).toBe('fits');
    expect(fits(conversationSchema, await get(`/api/conversations/${conversation.id}/`, supplier.token))).toBe('fits');
    expect(fits(pageSchema(messageSchema), await get(`/api/conversations/${conversation.id}/messages/`, supplier.token))).toBe('fits');
    const bell = await get('/api/notifications/', supplier.token);
    expect(bell.results.map((n: { kind: string }) => n.kind).sort()).toEqual(['new_favorite', 'new_message', 'new_offer', 'new_review']);
    expect(fits(pageSchema(notificationSchema), bell)).toBe('fits');
    expect(fits(publicUserSchema, await get(`/api/users/${other.user.id}/`))).toBe('fits');
    expect(fits(publicUserSchema, await get(`/api/users/${supplier.user.id}/`))).toBe('fits');

    const pulled = await get('/api/sync/', buyer.token);
    expect(fits(syncAnswerSchema, pulled)).toBe('fits');
    const items: Record<string, z.ZodType> = {
      products: productSchema,
      favorites: favoriteSchema,
      reviews: reviewSchema,
      conversations: conversationSchema,
      messages: messageSchema,
      notifications: notificationSchema,
      // Banners and categories carry their display position beside the shape of their own GET.
      banners: bannerSchema.passthrough(),
    };
    for (const [name, schema] of Object.entries(items)) {
      for (const item of pulled.changes[name]?.upserted ?? []) expect({ name, fits: fits(schema, item) }).toEqual({ name, fits: 'fits' });
    }
  });
});
