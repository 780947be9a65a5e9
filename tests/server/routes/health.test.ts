import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openTestDatabase, startTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health/', () => {
  it('answers ok while the process serves', async () => {
    const res = await t.api.get('/api/health/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a DRF 404', async () => {
    const res = await t.api.get('/api/no-such-thing/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });

  it('describes the API as OpenAPI at /api/docs', async () => {
    const res = await t.api.get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health/');
  });
});

describe('GET /api/health/ready/', () => {
  it('answers ok while the database answers', async () => {
    const res = await t.api.get('/api/health/ready/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers 503 once the server is stopping, while liveness still answers', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await t.api.get('/api/health/ready/');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: 'The server is shutting down.' });
      expect((await t.api.get('/api/health/')).status).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('answers 503 while a migration this code needs is not applied yet, and ok once it is', async () => {
    const latest = (
      await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.db)
    ).rows[0];
    // As while a new release migrates: the newest migration is not recorded yet.
    await sql`delete from kysely_migration where name = ${latest.name}`.execute(t.db);
    try {
      const res = await t.api.get('/api/health/ready/');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: 'The database is being migrated.' });
      expect((await t.api.get('/api/health/')).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${latest.name}, ${latest.timestamp})`.execute(t.db);
    }
    expect((await t.api.get('/api/health/ready/')).status).toBe(200);
  });

  it('answers 503 once the database is gone, while liveness still answers', async () => {
    const handle = await openTestDatabase();
    const app = await buildApp({ config: { ...t.app.config }, db: handle.db, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready/' })).statusCode).toBe(200);
      // The database goes away under the running server (PGlite closed; PostgreSQL's pool ended, its database dropped).
      await handle.close();
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready/' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ detail: 'The database is not reachable.' });
      expect((await app.inject({ method: 'GET', url: '/api/health/' })).json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/categories/', () => {
  it('lists id and name of every category', async () => {
    const res = await t.api.get('/api/categories/');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(10);
    expect(res.body[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });
});
