import { PGlite } from '@electric-sql/pglite';
import { mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, pgliteExtensions, wrapPGlite, type DatabaseHandle } from '@server/db';
import { hashPassword } from '@server/services/accounts/passwords';
import { sharedDatabase, startServerProcess, tinyDist, type ServerProcess } from './processes';

/**
 * `npm start` stopped by SIGTERM (docs/operations.md#stop-and-readiness): the event streams end
 * with a reconnect hint, a request in flight gets its answer, one that would outlast
 * SHUTDOWN_GRACE_MS has its connection closed, and the process exits 0. On the embedded
 * database and, with DATABASE_URL, on PostgreSQL.
 */
const PASSWORD = 'correct horse battery';
const EMAIL = 'stopping@shutdown.test';

/** The database the process will serve, holding one confirmed buyer: PGlite in a DATA_DIR, or a PostgreSQL database. */
async function preparedDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  let handle: DatabaseHandle;
  let env: Record<string, string>;
  let drop = async () => {};
  if (process.env.DATABASE_URL) {
    const database = await sharedDatabase();
    handle = openPostgres(database.url);
    env = { DATABASE_URL: database.url };
    drop = () => database.drop();
  } else {
    const dataDir = await mkdtemp(path.join(inject('tmpDir'), 'stop-'));
    const loadDataDir = new Blob([await readFile(inject('pgliteTemplate')!)]);
    handle = await wrapPGlite(await PGlite.create(path.join(dataDir, 'pglite'), { loadDataDir, extensions: pgliteExtensions }));
    env = { DATA_DIR: dataDir };
  }
  const user = await handle.db
    .insertInto('users')
    .values({
      email: EMAIL,
      first_name: 'Stella',
      last_name: 'Stop',
      phone_number: '+2348000000000',
      country: 'NG',
      password_hash: await hashPassword(PASSWORD),
      user_type: 'BUYER',
      is_first_login: false,
      is_verified: true,
      currency: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await handle.db.insertInto('buyer_profiles').values({ user_id: user.id, name: 'Stella', logo_url: null }).execute();
  await handle.close();
  return { env, drop };
}

/** A form upload whose body is sent in two parts: `finish` sends the rest and resolves with the answer's status. */
function uploadInTwoParts(baseUrl: string, token: string) {
  const body = new TransformStream<Uint8Array, Uint8Array>();
  const writer = body.writable.getWriter();
  const boundary = 'shutdown-boundary';
  const answer = fetch(`${baseUrl}/api/media/upload/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: body.readable,
    duplex: 'half',
  } as RequestInit).then((res) => res.status);
  const begun = writer.write(
    new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n`),
  );
  return {
    begun,
    answer,
    async finish() {
      await writer.write(new TextEncoder().encode(`not a picture\r\n--${boundary}--\r\n`));
      await writer.close();
      return answer;
    },
  };
}

async function readUntilEnd(body: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) return text;
    text += value;
  }
}

describe('SIGTERM', () => {
  let server: ServerProcess;
  let database: Awaited<ReturnType<typeof preparedDatabase>>;

  beforeAll(async () => {
    database = await preparedDatabase();
    server = await startServerProcess(
      { ...database.env, METRICS_TOKEN: 'stop-token', SHUTDOWN_GRACE_MS: '3000', WEB_CONCURRENCY: '1', WEB_DIST_DIR: await tinyDist() },
      { readyMs: 300_000 },
    );
  }, 400_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.drop();
  });

  it('ends streams with a reconnect hint, finishes a request in flight, cuts one past the grace period, and exits 0', async () => {
    const login = await server.api.post('/api/auth/login/', { email: EMAIL, password: PASSWORD });
    expect(login.status).toBe(200);
    const token = login.body.access as string;
    const stream = await fetch(`${server.baseUrl}/api/events/`, { headers: { authorization: `Bearer ${token}` } });
    expect(stream.status).toBe(200);
    const streamText = readUntilEnd(stream.body!);
    const finished = uploadInTwoParts(server.baseUrl, token);
    const hanging = uploadInTwoParts(server.baseUrl, token);
    await Promise.all([finished.begun, hanging.begun]);
    // Both bodies are being received (the metrics count them) before the stop.
    const inProgress = async () => {
      const text = await (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer stop-token' } })).text();
      return /^marketplace_uploads_in_progress (\d+)$/m.exec(text)?.[1];
    };
    await expect.poll(inProgress).toBe('2');

    server.child.kill('SIGTERM');
    await server.waitForLog((line) => String(line.msg).startsWith('SIGTERM: finishing the requests in flight'));

    const text = await streamText;
    expect(text).toMatch(/retry: \d+\nevent: reconnect\ndata: \{"retry_ms":\d+\}\n\n$/);
    // The request in flight gets its answer (the body is not a picture: a 400), after the stop began.
    expect(await finished.finish()).toBe(400);
    // The one still receiving past SHUTDOWN_GRACE_MS has its connection closed.
    await expect(hanging.answer).rejects.toThrow();
    expect(await server.exited).toBe(0);
    expect(server.logs.some((line) => String(line.msg).startsWith('requests still running after 3000 ms'))).toBe(true);
  });
});
