import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '@server/app';
import type { Config } from '@server/config';
import { openPostgres, pgliteExtensions, wrapPGlite, type DatabaseHandle } from '@server/db';
import { hashPassword } from '@server/services/accounts/passwords';
import { withDatabase } from './global-setup';

/** A fresh copy of the migrated template database for one test file. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    // Named after this run's template, so a run only ever drops its own databases.
    const name = `${template}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const handle = openPostgres(withDatabase(url, name));
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('The server test global setup did not run');
  const loadDataDir = new Blob([await readFile(file)]);
  return wrapPGlite(await PGlite.create({ loadDataDir, extensions: pgliteExtensions }));
}

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
export async function startSmtpSink() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to this address, waiting for it to arrive if needed. */
    async waitFor(to: string, after = 0, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails
          .slice(after)
          .reverse()
          .find((m) => m.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}
export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
}

/** A small HTTP client for tests: JSON in, JSON out, and FormData for multipart calls. */
export function apiClient(baseUrl: string) {
  async function call<T = any>(method: string, url: string, body?: unknown, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData || typeof body === 'string' || body instanceof Uint8Array) payload = body as BodyInit;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(new URL(url, baseUrl), { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    call,
    get: <T = any>(url: string, opts?: CallOptions) => call<T>('GET', url, undefined, opts),
    post: <T = any>(url: string, body?: unknown, opts?: CallOptions) => call<T>('POST', url, body, opts),
    patch: <T = any>(url: string, body?: unknown, opts?: CallOptions) => call<T>('PATCH', url, body, opts),
    delete: <T = any>(url: string, opts?: CallOptions) => call<T>('DELETE', url, undefined, opts),
  };
}

/**
 * The API server in-process on a random port, with its own database copy, data folder and
 * SMTP sink; with `web`, serving that built web app beside it as `npm start` does.
 */
export async function startTestApp(overrides: Partial<Config> = {}, options: Pick<AppOptions, 'web'> = {}) {
  const handle = await openTestDatabase();
  const smtp = await startSmtpSink();
  const dataDir = await mkdtemp(path.join(inject('tmpDir'), 'app-'));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    smtpUrl: smtp.url,
    mailFrom: 'no-reply@marketplace.test',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    seedDemo: false,
    logLevel: 'silent',
    // Tests speak for many client addresses through X-Forwarded-For, as a proxy on the same host would.
    trustProxy: '127.0.0.1',
    // The server-s3 project (tests/server/s3-setup.ts): media in a bucket, under a prefix of this app's own.
    mediaS3: mediaBucket(),
    ...overrides,
  };
  const app = await buildApp({ config, db: handle.db, logger: false, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    db: handle.db,
    dbKind: handle.kind,
    smtp,
    baseUrl,
    dataDir,
    api: apiClient(baseUrl),
    /** Every file in the media store (folder or bucket), uploads still being received included. */
    async storedFiles(): Promise<string[]> {
      const temps = (await readdir(app.media.objects.tempDir).catch(() => [] as string[])).filter((n) => n.startsWith('.'));
      return [...(await app.media.objects.list()).map((o) => o.name), ...temps].sort();
    },
    async close() {
      await app.close();
      await smtp.close();
      await handle.close();
    },
  };
}

function mediaBucket(): Config['mediaS3'] {
  const s3 = inject('mediaS3');
  return s3 && { ...s3, prefix: `app-${randomBytes(6).toString('hex')}/` };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

let userCounter = 0;
const passwordHashes = new Map<string, Promise<string>>();

export interface TestUserOptions {
  type?: 'SUPPLIER' | 'BUYER' | null;
  verified?: boolean;
  email?: string;
  password?: string;
  firstName?: string;
  country?: string;
  /** Supplier's trust badge (docs/product.md#roles-and-permissions), distinct from the verified email. */
  badge?: boolean;
}

/**
 * A user written straight to the database, with a signed-in token pair: for tests of
 * routes other than sign-up. Onboarded (not first login) unless type is null.
 */
export async function createUser(t: TestApp, opts: TestUserOptions = {}) {
  userCounter += 1;
  const type = opts.type === undefined ? 'BUYER' : opts.type;
  const password = opts.password ?? 'correct horse battery';
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  const email = opts.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const user = await t.db
    .insertInto('users')
    .values({
      email,
      first_name: opts.firstName ?? `First${userCounter}`,
      last_name: `Last${userCounter}`,
      phone_number: '+2348000000000',
      country: opts.country ?? 'NG',
      password_hash: await passwordHashes.get(password)!,
      user_type: type,
      is_first_login: type === null,
      is_verified: opts.verified ?? true,
      currency: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (type === 'SUPPLIER') {
    await t.db
      .insertInto('supplier_profiles')
      .values({ user_id: user.id, company_name: `Company ${userCounter}`, is_verified: opts.badge ?? false, logo_url: null })
      .execute();
  } else if (type === 'BUYER') {
    await t.db
      .insertInto('buyer_profiles')
      .values({ user_id: user.id, name: `Buyer ${userCounter}`, logo_url: null })
      .execute();
  }
  const tokens = await t.app.tokens.issue(user.id);
  return { user, email, password, token: tokens.access, refresh: tokens.refresh };
}

export type TestUser = Awaited<ReturnType<typeof createUser>>;

/** A box of an MP4/MOV file: 32-bit size, four-letter type, content. */
const isoBox = (type: string, content: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + content.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, content]);
};

/** Tiny valid files: whole, decodable images and well-formed containers (the server checks every byte). */
export const SAMPLE_FILES = {
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082',
    'hex',
  ),
  jpeg: Buffer.from(
    'ffd8ffdb00430006040506050406060506070706080a100a0a09090a140e0f0c1017141818171416161a1d251f1a1b231c1616202c20232627292a29191f2d302d283025282928ffdb0043010707070a080a130a0a13281a161a2828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828ffc00011080001000103012200021101031101ffc4001500010100000000000000000000000000000006ffc40014100100000000000000000000000000000000ffc4001501010100000000000000000000000000000507ffc40014110100000000000000000000000000000000ffda000c03010002110311003f0096000aaeffd9',
    'hex',
  ),
  gif: Buffer.from('474946383961010001008000004c6971cc333321f90405000000002c00000000010001000002024c01003b', 'hex'),
  webp: Buffer.from(
    '524946463a00000057454250565038202e0000009001009d012a0100010001402625a00274ba00039800feeeff9ffc05d3dd18b7ffb838ffb071ff60e3f74c000000',
    'hex',
  ),
  mp4: Buffer.concat([
    isoBox('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    isoBox('moov', isoBox('mvhd', Buffer.alloc(100))),
    isoBox('mdat', Buffer.alloc(16)),
  ]),
  pdf: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'),
  text: Buffer.from('just some text, not an image'),
  /** An HTML page named .png: content, not the name, decides. */
  htmlAsPng: Buffer.from('<html><script>alert(1)</script></html>'),
};

export function fileBlob(bytes: Buffer, type = 'application/octet-stream') {
  return new Blob([new Uint8Array(bytes)], { type });
}

/**
 * As if the codes to `email` had been sent `ms` earlier: its code row and the record of codes
 * sent to it (the growing waits between codes) move back in time together.
 */
export async function codesSentEarlier(t: TestApp, email: string, ms = 61_000) {
  const back = (column: string) => sql<Date>`${sql.ref(column)} - make_interval(secs => ${ms / 1000})`;
  await t.db
    .updateTable('otp_codes')
    .set({ sent_at: back('sent_at') })
    .where('user_id', 'in', t.db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()))
    .execute();
  await t.db
    .updateTable('rate_events')
    .set({ at: back('at') })
    .where('key', '=', `otp-send:${email.toLowerCase()}`)
    .execute();
}
