import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProducts } from './fixtures/catalogue';
import { createUser, fileBlob, SAMPLE_FILES, startTestApp, type TestApp } from './helpers';

/**
 * A fuzzer driven by the OpenAPI document (GET /api/docs/json, app.swagger()): every route and
 * method gets generated path ids, queries and bodies (JSON, urlencoded, multipart, raw), with
 * and without a token. No answer may be a 5xx, take over a second, or show a stack trace or
 * SQL. `npm test` runs FUZZ_RUNS (default 300) cases; `npm run test:fuzz` runs 10,000.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SLOW_MS = 1000;
const LEAKS = [
  /\n\s+at\s+\S+/,
  /node_modules/,
  /\.(ts|js):\d+:\d+/,
  /\b(TypeError|RangeError|SyntaxError|ReferenceError)\b/,
  /\b(select|insert|update|delete)\b[\s\S]{0,80}\b(from|into|set|where)\b/i,
  /syntax error at or near/i,
  /violates [a-z ]*constraint/i,
  /duplicate key value/i,
  /relation "[^"]+"/i,
  /column "[^"]+" (does not exist|of relation)/i,
  /invalid input syntax for/i,
];

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: string[];
  body: string[];
}

let t: TestApp;
let tokens: Record<string, string | undefined>;
let operations: Operation[];
let ids: number[];

beforeAll(async () => {
  t = await startTestApp();
  const supplier = await createUser(t, { type: 'SUPPLIER' });
  const buyer = await createUser(t, { type: 'BUYER' });
  const unverified = await createUser(t, { verified: false, type: null });
  const products = await insertProducts(t, supplier.user.id, [{}, {}, {}]);
  ids = [supplier.user.id, buyer.user.id, ...products.map((p) => p.id), 1];
  tokens = {
    guest: undefined,
    buyer: buyer.token,
    supplier: supplier.token,
    unverified: unverified.token,
    forged: 'eyJhbGciOiJIUzI1NiJ9.e30.forged',
  };
  const doc = t.app.swagger() as { paths: Record<string, Record<string, any>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): Operation => {
      const parameters: Array<{ in: string; name: string }> = op.parameters ?? [];
      const schema = op.requestBody?.content?.['application/json']?.schema ?? op.requestBody?.content?.['multipart/form-data']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(schema?.properties ?? {}),
      };
    }),
  );
});
afterAll(async () => {
  await t.close();
});

const NASTY = [
  'toString',
  'constructor',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
  '',
  ' ',
  '-1',
  '0',
  '1e3',
  '0x10',
  'NaN',
  'null',
  'true',
  '99999999999999999999',
  '1.5',
  '%00',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  'é'.repeat(300),
  'a\u0000b',
];
const text = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom('USD', 'EUR', 'SUPPLIER', 'BUYER', 'a@example.com', '123456'),
);
const FIELD_NAMES = [
  'limit',
  'offset',
  'search',
  'category',
  'supplier',
  'exclude',
  'is_read',
  'since',
  'collections',
  'product',
  'text',
  'image',
  'price',
  'rating',
  'comment',
  'email',
  'password',
  'otp',
  'refresh',
  'currency',
  'name',
  'account_type',
  'participants',
  'client_id',
  'file',
];

/** The generated parts of one request; the operation is chosen in turn, so every one is exercised. */
const requestArb = fc.record({
  token: fc.constantFrom('guest', 'buyer', 'supplier', 'unverified', 'forged'),
  pathValue: fc.oneof(
    fc.constantFrom(0, 1, 2, 3, 4),
    fc.constantFrom(...NASTY).map((v) => `raw:${v}`),
    fc.integer({ min: -5, max: 2 ** 33 }).map(String),
  ),
  queryKeys: fc.array(fc.oneof(fc.constantFrom(...FIELD_NAMES, ...NASTY.slice(0, 5)), fc.string({ maxLength: 10 })), { maxLength: 4 }),
  queryValues: fc.array(text, { minLength: 4, maxLength: 4 }),
  bodyKeys: fc.array(fc.oneof(fc.constantFrom(...FIELD_NAMES, ...NASTY.slice(0, 5)), fc.string({ maxLength: 10 })), { maxLength: 5 }),
  bodyValues: fc.array(fc.oneof(text, fc.jsonValue({ maxDepth: 3 }), fc.array(text, { maxLength: 3 })), { minLength: 8, maxLength: 8 }),
  useSchemaKeys: fc.boolean(),
  encoding: fc.constantFrom('json', 'json', 'form', 'multipart', 'raw', 'none'),
  raw: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{', '[[[[', '{"a":1', 'a=1&a=2&a=3', '--x\r\n', '\u0000')),
  rawType: fc.constantFrom(
    'application/json',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=x',
    'text/plain',
    'application/xml',
    '',
  ),
  file: fc.constantFrom(undefined, 'png', 'pdf', 'text', 'htmlAsPng'),
});

type Case = typeof requestArb extends fc.Arbitrary<infer R> ? R : never;

function buildRequest(op: Operation, c: Case) {
  let path = op.path;
  for (const name of op.pathParams) {
    const v = c.pathValue;
    const value = typeof v === 'number' ? String(ids[v % ids.length]) : v.startsWith('raw:') ? encodeURIComponent(v.slice(4)) : v;
    path = path.replace(`{${name}}`, value || '0');
  }
  const query = new URLSearchParams();
  [...op.query.slice(0, 2), ...c.queryKeys].forEach((key, i) => {
    query.append(key, c.queryValues[i % c.queryValues.length]);
  });
  const keys = c.useSchemaKeys && op.body.length > 0 ? [...op.body, ...c.bodyKeys] : c.bodyKeys;
  const fields = keys.map((key, i) => [key, c.bodyValues[i % c.bodyValues.length]] as const);
  const headers: Record<string, string> = {};
  const token = tokens[c.token];
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (op.method !== 'GET' && op.method !== 'DELETE' && op.method !== 'HEAD') {
    if (c.encoding === 'json') {
      body = JSON.stringify(Object.fromEntries(fields));
      headers['content-type'] = 'application/json';
    } else if (c.encoding === 'form') {
      body = new URLSearchParams(fields.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (c.encoding === 'multipart') {
      const form = new FormData();
      for (const [k, v] of fields) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
      if (c.file) form.append(keys[0] ?? 'file', fileBlob(SAMPLE_FILES[c.file as keyof typeof SAMPLE_FILES]), `f.${c.file}`);
      body = form;
    } else if (c.encoding === 'raw') {
      body = c.raw;
      if (c.rawType) headers['content-type'] = c.rawType;
    }
  }
  return { url: `${path}${query.size > 0 ? `?${query}` : ''}`, init: { method: op.method, headers, body } };
}

describe('the API under generated requests (OpenAPI-driven fuzzer)', () => {
  it(
    `answers ${RUNS} generated requests without a 5xx, a slow answer or a leak`,
    async () => {
      expect(operations.length).toBeGreaterThan(30);
      let count = 0;
      const seen = new Set<string>();
      const findings = new Map<string, string>();
      await fc.assert(
        fc.asyncProperty(requestArb, async (c) => {
          const op = operations[count % operations.length];
          const { url, init } = buildRequest(op, c);
          const send = async () => {
            const started = performance.now();
            const res = await fetch(new URL(url, t.baseUrl), init);
            // The poke stream (GET /api/events/) stays open by design: its opening is the answer.
            const endless = res.ok && res.headers.get('content-type')?.startsWith('text/event-stream');
            if (endless) await res.body?.cancel();
            const answer = endless ? '' : await res.text();
            return { res, answer, elapsed: performance.now() - started };
          };
          let { res, answer, elapsed } = await send();
          // A slow path is slow every time; a one-off pause is the shared machine (other processes, GC): asked once more.
          if (elapsed >= SLOW_MS) ({ res, answer, elapsed } = await send());
          count++;
          seen.add(`${op.method} ${op.path}`);
          const where = `${init.method} ${url} (${c.encoding}, ${c.token}) → ${res.status} in ${Math.round(elapsed)} ms: ${answer.slice(0, 300)}`;
          // Findings are gathered, one per operation and kind, so one run lists them all.
          const finding = res.status >= 500 ? '5xx' : elapsed >= SLOW_MS ? 'slow' : LEAKS.find((leak) => leak.test(answer))?.source;
          const key = `${finding} ${op.method} ${op.path}`;
          if (finding && !findings.has(key)) findings.set(key, where);
        }),
        { numRuns: RUNS },
      );
      console.log(`fuzz: ${count} cases over ${seen.size} of ${operations.length} operations, ${findings.size} findings`);
      expect([...findings.values()]).toEqual([]);
    },
    60 * 60_000,
  );
});
