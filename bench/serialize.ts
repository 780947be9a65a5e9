/**
 * `npx tsx bench/serialize.ts`: what declaring response schemas costs per answer. The same
 * page of products (a signed-in list, 100 items) and a sync page of 1,000 products, sent
 * through the route's serializer (server/lib/responses.ts: checked against the shared zod
 * shape, then JSON.stringify) and through plain JSON.stringify, as before. Guests' lists and
 * sync pages are sent as prepared bytes and pay neither.
 */
import { performance } from 'node:perf_hooks';
import { answerSerializer } from '../server/lib/responses';
import { productSchema, syncAnswerSchema, type Product } from '../src/shared/catalogue';
import { pageSchema } from '../src/shared/types';

const product = (id: number): Product => ({
  id,
  name: `Product ${id}`,
  description: 'A fine product, described in a few words for the bench.',
  price: '12.50',
  min_price: '12.50',
  max_price: '20.00',
  thumbnail_url: `/media/${'a'.repeat(64)}.png`,
  images: [{ id, media_source_url: `/media/${'b'.repeat(64)}.jpg`, media_type: 'image' }],
  minimum_order_quantity: 1,
  quantity_in_stock: 100,
  average_rating: 4.5,
  reviews_count: 12,
  is_favorited: id % 3 === 0,
  category: { id: 1, name: 'Electronics' },
  supplier: {
    id: 7,
    first_name: 'Ada',
    user_type: 'SUPPLIER',
    date_joined: '2025-01-01T00:00:00.000Z',
    supplier_profile: {
      company_name: 'Ada Ltd',
      about: '',
      logo_url: null,
      is_verified: true,
      industries: [{ id: 1, name: 'Electronics' }],
    },
  },
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-02T00:00:00.000Z',
  flash_deal_ends_at: null,
});

const products = Array.from({ length: 1000 }, (_, i) => product(i + 1));
const cases = [
  {
    name: 'product page (100)',
    schema: pageSchema(productSchema),
    body: { count: 1000, next: null, previous: null, results: products.slice(0, 100) },
  },
  {
    name: 'sync page (1,000 products)',
    schema: syncAnswerSchema,
    body: { cursor: 'x', has_more: false, reset: false, changes: { products: { upserted: products, deleted: [] } } },
  },
];

function time(run: () => string, rounds: number): number {
  for (let i = 0; i < 20; i += 1) run();
  const start = performance.now();
  for (let i = 0; i < rounds; i += 1) run();
  return (performance.now() - start) / rounds;
}

for (const { name, schema, body } of cases) {
  const serialize = answerSerializer({ schema, method: 'GET', url: '/bench', httpStatus: '200' });
  const rounds = 300;
  const declared = time(() => serialize(body), rounds);
  const plain = time(() => JSON.stringify(body), rounds);
  console.log(
    `${name}: declared schema ${declared.toFixed(3)} ms, plain JSON.stringify ${plain.toFixed(3)} ms per answer (${(declared / plain).toFixed(1)}×)`,
  );
}
