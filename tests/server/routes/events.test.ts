import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER } from '@server/services/live';
import { suspendUser } from '@server/services/trust/moderation';
import { createUser, startTestApp, type TestApp } from '../helpers';
import { chatPair, send } from '../messaging-helpers';

/**
 * GET /api/events/ (docs/api.md): a signed-in app hears "pull now" when its private data
 * changes, with nothing else in the event; streams are bounded per user.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Stream {
  status: number;
  /** Resolves with the next event's name (comments skipped), or rejects after `ms`. */
  next(ms?: number): Promise<{ event: string; data: string }>;
  close(): void;
}

async function openStream(token?: string, baseUrl = t.baseUrl): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events/`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    status: response.status,
    async next(ms = 3000) {
      const deadline = AbortSignal.timeout(ms);
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.event) return { event: fields.event, data: fields.data ?? '' };
          continue;
        }
        if (!reader) throw new Error('no body');
        const read = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => deadline.addEventListener('abort', () => reject(new Error('no event in time')))),
        ]);
        if (read.done) throw new Error('stream ended');
        buffer += read.value;
      }
    },
    close: () => abort.abort(),
  };
}

describe('GET /api/events/', () => {
  it("pokes the recipient's open app when a message arrives, carrying no data, and never the sender's", async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const theirs = await openStream(supplier.token);
    const mine = await openStream(buyer.token);
    try {
      expect(theirs.status).toBe(200);
      expect((await send(t, buyer, conversation.id, { text: 'Are you there?' })).status).toBe(201);
      expect(await theirs.next()).toEqual({ event: 'poke', data: '{}' });
      await expect(mine.next(600)).rejects.toThrow('no event in time');
    } finally {
      theirs.close();
      mine.close();
    }
  });

  it('needs a signed-in user: 401 in the DRF shape', async () => {
    const response = await fetch(`${t.baseUrl}/api/events/`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
  });

  it(`allows ${MAX_STREAMS_PER_USER} open streams per user; one more is a 429, and closing one frees a place`, async () => {
    const user = await createUser(t);
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await openStream(user.token));
    try {
      expect(open.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
      const refused = await fetch(`${t.baseUrl}/api/events/`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ detail: expect.any(String) });
      // Another user is not held back by this one's streams.
      const other = await openStream((await createUser(t)).token);
      expect(other.status).toBe(200);
      other.close();

      open.pop()?.close();
      const reopened = async () => {
        const again = await openStream(user.token);
        again.close();
        return again.status;
      };
      await expect.poll(reopened).toBe(200);
    } finally {
      for (const s of open) s.close();
    }
  });

  it("ends a sign-in's streams as soon as it ends: a sign-out there, a password change elsewhere", async () => {
    const user = await createUser(t);
    const mine = await openStream(user.token);
    expect(mine.status).toBe(200);
    expect((await t.api.post('/api/auth/logout/', { refresh: user.refresh }, { token: user.token })).status).toBeLessThan(300);
    await expect(mine.next(5000)).rejects.toThrow('stream ended');

    const other = await createUser(t);
    const phone = await t.api.post('/api/auth/login/', { email: other.email, password: other.password });
    const stream = await openStream(phone.body.access);
    const change = await t.api.post(
      '/api/auth/password/change/',
      { old_password: other.password, new_password1: 'a brand new secret 9', new_password2: 'a brand new secret 9' },
      { token: other.token },
    );
    expect(change.status).toBe(200);
    await expect(stream.next(5000)).rejects.toThrow('stream ended');
  });

  it("a sign-out ends that sign-in's streams only: the user's other sign-in and other users keep theirs, and their pokes", async () => {
    const { buyer, supplier, conversation } = await chatPair(t);
    const laptop = await openStream(supplier.token);
    const phone = await t.api.post('/api/auth/login/', { email: supplier.email, password: supplier.password });
    const onPhone = await openStream(phone.body.access);
    const buyers = await openStream(buyer.token);
    expect((await t.api.post('/api/auth/logout/', { refresh: supplier.refresh }, { token: supplier.token })).status).toBeLessThan(300);
    await expect(laptop.next(5000)).rejects.toThrow('stream ended');

    expect((await send(t, buyer, conversation.id, { text: 'Still there?' })).status).toBe(201);
    expect(await onPhone.next(5000)).toEqual({ event: 'poke', data: '{}' });
    const answer = await t.api.post(`/api/conversations/${conversation.id}/messages/`, { text: 'Yes' }, { token: phone.body.access });
    expect(answer.status).toBe(201);
    expect(await buyers.next(5000)).toEqual({ event: 'poke', data: '{}' });
    onPhone.close();
    buyers.close();
  });

  it("keeps a quiet stream open past the server's idle limit: its keep-alives come sooner", async () => {
    const quick = await startTestApp({ connections: { idleMs: 1_000 } });
    try {
      const user = await createUser(quick);
      const response = await fetch(`${quick.baseUrl}/api/events/`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(response.status).toBe(200);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      // Three keep-alives span more than the idle limit: a stream cut for silence ends before them.
      let text = '';
      while ((text.match(/: keep-alive\n\n/g) ?? []).length < 3) {
        const read = await reader.read();
        expect(read.done).toBe(false);
        text += read.value;
      }
      await reader.cancel();
    } finally {
      await quick.close();
    }
  });

  it("ends a suspended account's streams at once (docs/api.md#trust-and-safety)", async () => {
    const user = await createUser(t);
    const stream = await openStream(user.token);
    expect(stream.status).toBe(200);
    await t.db.transaction().execute((trx) => suspendUser(trx, user.user.id, 'Scam'));
    await expect(stream.next(5000)).rejects.toThrow('stream ended');
    expect((await openStream(user.token)).status).toBe(401);
  });

  it('a stopping server ends every stream with a reconnect hint, its waits spread over a few seconds (docs/operations.md#stop-and-readiness)', async () => {
    const stopping = await startTestApp();
    const user = await createUser(stopping);
    const streams = [await openStream(user.token, stopping.baseUrl), await openStream(user.token, stopping.baseUrl)];
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    const closed = stopping.close();
    for (const stream of streams) {
      const hint = await stream.next(5000);
      expect(hint.event).toBe('reconnect');
      const { retry_ms } = JSON.parse(hint.data);
      expect(retry_ms).toBeGreaterThanOrEqual(0);
      expect(retry_ms).toBeLessThan(5000);
      await expect(stream.next(5000)).rejects.toThrow('stream ended');
    }
    await closed;
  });
});
