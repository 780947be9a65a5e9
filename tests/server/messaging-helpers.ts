import { expect } from 'vitest';
import { SAMPLE_FILES, createUser, fileBlob, type TestApp, type TestUser } from './helpers';

/** Shared set-up for the chat, notification and counts tests: products go straight into the database. */

let productCounter = 0;

export async function insertProduct(
  t: TestApp,
  supplierId: number,
  values: { name?: string; price?: string | null; min_price?: string; max_price?: string } = {},
) {
  productCounter += 1;
  return t.db
    .insertInto('products')
    .values({
      supplier_id: supplierId,
      name: values.name ?? `Product ${productCounter}`,
      description: 'A fine product',
      price: values.price ?? null,
      min_price: values.min_price ?? '20.00',
      max_price: values.max_price ?? '30.00',
      thumbnail_url: `/media/${'a'.repeat(64)}.png`,
      minimum_order_quantity: 1,
      quantity_in_stock: 10,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A buyer, a supplier with a product, and the conversation the buyer opened about it. */
export async function chatPair(t: TestApp) {
  const buyer = await createUser(t, { type: 'BUYER' });
  const supplier = await createUser(t, { type: 'SUPPLIER' });
  const product = await insertProduct(t, supplier.user.id);
  const conversation = await openConversation(t, buyer, supplier.user.id, product.id);
  return { buyer, supplier, product, conversation };
}

export async function openConversation(t: TestApp, caller: TestUser, otherId: number, productId: number | null) {
  const res = await t.api.post('/api/conversations/', { product: productId, participants: [otherId] }, { token: caller.token });
  expect([200, 201]).toContain(res.status);
  return res.body as { id: number; [key: string]: any };
}

export async function send(t: TestApp, user: TestUser, conversationId: number, body: Record<string, unknown>) {
  return t.api.post(`/api/conversations/${conversationId}/messages/`, body, { token: user.token });
}

/** A real upload through POST /api/media/upload/, answering its secure_url. */
export async function upload(t: TestApp, user: TestUser, bytes: Buffer = SAMPLE_FILES.png, name = 'photo.png') {
  const form = new FormData();
  form.append('file', fileBlob(bytes), name);
  form.append('upload_preset', 'chat');
  const res = await t.api.post('/api/media/upload/', form, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.secure_url as string;
}
