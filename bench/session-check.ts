/**
 * What the per-request sign-in check costs (docs/api.md#tokens): every signed-in request loads its user
 * and checks, in the same query, that its sign-in (token family) is not revoked. Compares
 * `GET /api/health/` (no token), `GET /api/me/` with a token, and the same token after its
 * sign-out (answered 401 by that check), 10 connections for 10 s each, API in this process.
 *
 *   DATA_DIR=/tmp/bench-session npx tsx bench/session-check.ts
 *   DATABASE_URL=postgres://.../<database> npx tsx bench/session-check.ts
 */
import autocannon from 'autocannon';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { hashPassword } from '../server/services/accounts/passwords';
import { record } from './record';

process.env.DATA_DIR ||= mkdtempSync(path.join(tmpdir(), 'bench-session-'));
const config = { ...loadConfig(), seedDemo: false, logLevel: 'warn' };
const handle = await openDatabase(config);
await migrateToLatest(handle.db);
const app = await buildApp({ config, db: handle.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const email = `bench-${Date.now()}@example.com`;
const user = await handle.db
  .insertInto('users')
  .values({
    email,
    first_name: 'Bench',
    last_name: 'User',
    phone_number: '+2348000000000',
    password_hash: await hashPassword('bench-password-1'),
    user_type: 'BUYER',
    is_first_login: false,
    is_verified: true,
    currency: null,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const live = await app.tokens.issue(user.id);
const ended = await app.tokens.issue(user.id);
await app.tokens.revoke(ended.refresh);

async function run(title: string, url: string, token?: string) {
  const result = await autocannon({
    url: `${base}${url}`,
    connections: 10,
    duration: 10,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  const line = `${title.padEnd(34)} ${Math.round(result.requests.average).toLocaleString('en').padStart(7)} req/s  p99 ${result.latency.p99} ms  (${statuses})`;
  console.log(line);
  return { rate: Math.round(result.requests.average), p99: result.latency.p99 };
}

console.log(`database: ${handle.kind}`);
const health = await run('GET /api/health/ (no token)', '/api/health/');
const me = await run('GET /api/me/ (live sign-in)', '/api/me/', live.access);
const out = await run('GET /api/me/ (signed out: 401)', '/api/me/', ended.access);
record(`Sign-in check on ${handle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, [
  {
    figure: `GET /api/me/ with a live token, req/s (p99 ${me.p99} ms, ${Math.round((100 * me.rate) / health.rate)}% of health)`,
    value: me.rate,
    unit: 'req/s',
    target: '≥ 30% of health',
    met: me.rate >= 0.3 * health.rate,
    ceiling: `GET /api/health/ ${health.rate} req/s`,
  },
  {
    figure: `GET /api/me/ signed out (401), req/s (p99 ${out.p99} ms, ${Math.round((100 * out.rate) / health.rate)}% of health)`,
    value: out.rate,
    unit: 'req/s',
    target: '≥ 30% of health',
    met: out.rate >= 0.3 * health.rate,
    ceiling: `GET /api/health/ ${health.rate} req/s`,
  },
]);
await app.close();
await handle.close();
