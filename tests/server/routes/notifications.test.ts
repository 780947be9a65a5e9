import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { notify } from '@server/services/notifications';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function notifyMany(user: TestUser, count: number) {
  for (let i = 0; i < count; i += 1) {
    await notify(t.db, { userId: user.user.id, kind: 'new_review', params: { n: i }, message: `Note ${i}`, link: `/products/${i}` });
  }
  return t.db.selectFrom('notifications').selectAll().where('user_id', '=', user.user.id).orderBy('id').execute();
}

describe('GET /api/notifications/', () => {
  it('lists my notifications, newest first, in the documented shape', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    await notifyMany(me, 3);
    await notifyMany(other, 2);
    const res = await t.api.get('/api/notifications/', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.results.map((n: any) => n.message)).toEqual(['Note 2', 'Note 1', 'Note 0']);
    expect(res.body.results[0]).toEqual({
      id: expect.any(Number),
      message: 'Note 2',
      link: '/products/2',
      is_read: false,
      created_at: expect.any(String),
      kind: 'new_review',
      params: { n: 2 },
    });
  });

  it('filters with ?is_read=false and ?is_read=true', async () => {
    const me = await createUser(t);
    const rows = await notifyMany(me, 3);
    await t.api.post(`/api/notifications/${rows[0].id}/mark-as-read/`, undefined, { token: me.token });
    const unread = await t.api.get('/api/notifications/?is_read=false', { token: me.token });
    expect(unread.body.results.map((n: any) => n.id)).toEqual([rows[2].id, rows[1].id]);
    const read = await t.api.get('/api/notifications/?is_read=true', { token: me.token });
    expect(read.body.results.map((n: any) => n.id)).toEqual([rows[0].id]);
  });

  it('refuses a bad is_read value', async () => {
    const me = await createUser(t);
    const res = await t.api.get('/api/notifications/?is_read=maybe', { token: me.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ is_read: ['Select a valid choice. That choice is not one of the available choices.'] });
  });

  it('pages with limit and offset', async () => {
    const me = await createUser(t);
    await notifyMany(me, 5);
    const res = await t.api.get('/api/notifications/?limit=2&offset=2', { token: me.token });
    expect(res.body.count).toBe(5);
    expect(res.body.results.map((n: any) => n.message)).toEqual(['Note 2', 'Note 1']);
    expect(res.body.previous).not.toBeNull();
  });

  it('needs a signed-in user', async () => {
    expect((await t.api.get('/api/notifications/')).status).toBe(401);
  });
});

describe('POST /api/notifications/{id}/mark-as-read/', () => {
  it('marks one of mine read and answers it', async () => {
    const me = await createUser(t);
    const [row] = await notifyMany(me, 1);
    const res = await t.api.post(`/api/notifications/${row.id}/mark-as-read/`, undefined, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, is_read: true });
    const again = await t.api.post(`/api/notifications/${row.id}/mark-as-read/`, undefined, { token: me.token });
    expect(again.status).toBe(200);
    expect(again.body.is_read).toBe(true);
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const [theirs] = await notifyMany(other, 1);
    const res = await t.api.post(`/api/notifications/${theirs.id}/mark-as-read/`, undefined, { token: me.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
    const row = await t.db.selectFrom('notifications').select('is_read').where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(row.is_read).toBe(false);
    expect((await t.api.post('/api/notifications/99999999/mark-as-read/', undefined, { token: me.token })).status).toBe(404);
    expect((await t.api.post('/api/notifications/abc/mark-as-read/', undefined, { token: me.token })).status).toBe(404);
    expect((await t.api.post(`/api/notifications/${theirs.id}/mark-as-read/`)).status).toBe(401);
  });
});

describe('POST /api/notifications/mark-all-as-read/', () => {
  it('marks all of mine read, answers how many, and leaves others alone', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    await notifyMany(me, 3);
    await notifyMany(other, 2);
    const res = await t.api.post('/api/notifications/mark-all-as-read/', undefined, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ marked: 3 });
    expect((await t.api.get('/api/notifications/?is_read=false', { token: me.token })).body.count).toBe(0);
    expect((await t.api.get('/api/notifications/?is_read=false', { token: other.token })).body.count).toBe(2);
    const again = await t.api.post('/api/notifications/mark-all-as-read/', undefined, { token: me.token });
    expect(again.body).toEqual({ marked: 0 });
    expect((await t.api.post('/api/notifications/mark-all-as-read/')).status).toBe(401);
  });
});

describe('POST /api/notifications/mark-all-as-read/ with until', () => {
  async function backdate(id: number, at: string) {
    await t.db.updateTable('notifications').set({ created_at: at }).where('id', '=', id).execute();
  }

  it('marks only what was created at or before until, to the millisecond of created_at as listed', async () => {
    const me = await createUser(t);
    const rows = await notifyMany(me, 3);
    await backdate(rows[0].id, '2030-01-01T10:00:00.000Z');
    // Microseconds the listed created_at does not show: "until" from the list still covers it.
    await backdate(rows[1].id, '2030-01-01T10:00:01.234567Z');
    await backdate(rows[2].id, '2030-01-01T10:00:01.235Z');
    const listed = (await t.api.get('/api/notifications/', { token: me.token })).body.results;
    const shown = listed.find((n: { id: number }) => n.id === rows[1].id).created_at;
    expect(shown).toBe('2030-01-01T10:00:01.234Z');

    const res = await t.api.post('/api/notifications/mark-all-as-read/', { until: shown }, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ marked: 2 });
    const unread = await t.api.get('/api/notifications/?is_read=false', { token: me.token });
    expect(unread.body.results.map((n: { id: number }) => n.id)).toEqual([rows[2].id]);
  });

  it('reads offsets and times without one (UTC), and treats an empty until as none', async () => {
    const me = await createUser(t);
    const rows = await notifyMany(me, 2);
    await backdate(rows[0].id, '2030-01-01T10:00:00Z');
    await backdate(rows[1].id, '2030-01-01T12:00:00Z');
    const offset = await t.api.post('/api/notifications/mark-all-as-read/', { until: '2030-01-01T11:00:00+01:00' }, { token: me.token });
    expect(offset.body).toEqual({ marked: 1 });
    const naive = await t.api.post('/api/notifications/mark-all-as-read/', { until: '2030-01-01T11:59:59' }, { token: me.token });
    expect(naive.body).toEqual({ marked: 0 });
    const spaced = await t.api.post('/api/notifications/mark-all-as-read/', { until: '2030-01-01 12:59+0100' }, { token: me.token });
    expect(spaced.body).toEqual({ marked: 0 });
    const empty = await t.api.post('/api/notifications/mark-all-as-read/', { until: '' }, { token: me.token });
    expect(empty.body).toEqual({ marked: 1 });
  });

  it.each(['yesterday', '2030-13-01T00:00:00Z', '2030-02-31T00:00:00Z', '2030-01-01T24:00:00Z', '2030-01-01T10:00:00+25:00', 12, true])(
    'refuses until=%s with a field error and marks nothing',
    async (until) => {
      const me = await createUser(t);
      await notifyMany(me, 2);
      const res = await t.api.post('/api/notifications/mark-all-as-read/', { until }, { token: me.token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ until: [expect.stringContaining('Datetime has wrong format')] });
      expect((await t.api.get('/api/notifications/?is_read=false', { token: me.token })).body.count).toBe(2);
    },
  );

  it('takes until from a form body too', async () => {
    const me = await createUser(t);
    const rows = await notifyMany(me, 2);
    await backdate(rows[1].id, '2031-01-01T00:00:00Z');
    const form = new FormData();
    form.set('until', '2030-12-31T23:59:59Z');
    const res = await t.api.post('/api/notifications/mark-all-as-read/', form, { token: me.token });
    expect(res.body).toEqual({ marked: 1 });
  });
});
