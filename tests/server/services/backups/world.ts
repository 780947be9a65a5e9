import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, inject } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import { openDatabase, pgliteExtensions } from '@server/db';
import { PROJECT_ROOT } from '@server/web';
import { createProduct } from '../../fixtures/catalogue';
import { apiClient, createUser, type TestApp, type TestUser } from '../../helpers';
import { openConversation, send } from '../../messaging-helpers';
import { sharedDatabase } from '../../processes';

/**
 * Shared by the backup tests (docs/operations.md#backups): a server on a real DATA_DIR (and,
 * with DATABASE_URL, its own PostgreSQL database), a small world written through its API, and
 * what a user of that world sees, to compare with what a restored server answers.
 */

/** A place for a server's data: DATA_DIR, plus a PostgreSQL database when the run has one. */
export interface Place {
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

/** A migrated database (a copy of the run's template) or, with `empty`, nothing at all. */
export async function newPlace(opts: { empty?: boolean } = {}): Promise<Place> {
  const dataDir = await mkdtemp(path.join(inject('tmpDir'), opts.empty ? 'restore-' : 'backup-'));
  if (process.env.DATABASE_URL) {
    const database = await sharedDatabase({ empty: opts.empty });
    return { dataDir, databaseUrl: database.url, drop: () => database.drop() };
  }
  if (!opts.empty) {
    const loadDataDir = new Blob([await readFile(inject('pgliteTemplate')!)]);
    await (await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir, extensions: pgliteExtensions })).close();
  }
  return { dataDir, drop: async () => {} };
}

/** The environment `npm start` and `npm run admin` would read for this place. */
export const envOf = (place: Place): NodeJS.ProcessEnv => ({
  DATA_DIR: place.dataDir,
  DATABASE_URL: place.databaseUrl ?? '',
  SEED_DEMO: '0',
  LOG_LEVEL: 'silent',
});

/** The server as `npm start` configures it from the place (the signing secret and VAPID keys generated in DATA_DIR), in this process. */
export async function serveOn(place: Place, overrides: Partial<Config> = {}) {
  const config: Config = { ...loadConfig(envOf(place)), port: 0, trustProxy: '127.0.0.1', ...overrides };
  const handle = await openDatabase(config);
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    config,
    handle,
    db: handle.db,
    baseUrl,
    api: apiClient(baseUrl),
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

export type Served = Awaited<ReturnType<typeof serveOn>>;

/** A supplier's product with its picture, a buyer's conversation about it and order of it; the buyer stays signed in. */
export async function buildWorld(served: Served) {
  const t = served as unknown as TestApp;
  const supplier = await createUser(t, { type: 'SUPPLIER' });
  const buyer = await createUser(t, { type: 'BUYER' });
  const product = await createProduct(t, supplier, { name: 'Backed-up shea butter' });
  const conversation = await openConversation(t, buyer, supplier.user.id, product.id);
  expect((await send(t, buyer, conversation.id, { text: 'Is it still in stock?', client_id: randomUUID() })).status).toBe(201);
  const order = await served.api.post(
    '/api/orders/',
    { product: product.id, quantity: 5, client_id: randomUUID() },
    { token: buyer.token },
  );
  expect(order.status).toBe(201);
  return { supplier, buyer, product, conversation, order: order.body };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** What the world's users see: the product, its picture's bytes, the buyer's conversations, messages, orders and account. */
export async function seenBy(served: Served, world: World, buyer: TestUser = world.buyer) {
  const auth = { token: buyer.token };
  const product = await served.api.get(`/api/products/${world.product.id}/`);
  const picture = await fetch(new URL(product.body.thumbnail_url, served.baseUrl));
  return {
    product: product.body,
    picture: { status: picture.status, bytes: Buffer.from(await picture.arrayBuffer()).toString('base64') },
    conversations: (await served.api.get('/api/conversations/', auth)).body,
    messages: (await served.api.get(`/api/conversations/${world.conversation.id}/messages/`, auth)).body,
    orders: (await served.api.get('/api/orders/', auth)).body,
    me: await served.api.get('/api/me/', auth).then((r) => ({ status: r.status, email: r.body.email })),
  };
}

/** `npm run admin -- <args>` as its own process on the place, with its output and exit code. */
export function admin(args: string[], place: Place, env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/admin.ts', ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...envOf(place), JWT_SECRET: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
