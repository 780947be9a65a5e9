import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../helpers';
import type { DatabaseHandle } from '@server/db';
import { ACCESS_TTL_S, REFRESH_TTL_S, createTokenService } from '@server/services/accounts/tokens';

let handle: DatabaseHandle;
let tokens: ReturnType<typeof createTokenService>;
beforeAll(async () => {
  handle = await openTestDatabase();
  tokens = createTokenService(handle.db, 'a-test-secret-long-enough-for-hs256');
});
afterAll(async () => {
  await handle.close();
});

let n = 0;
async function newUser() {
  n += 1;
  return (
    await handle.db
      .insertInto('users')
      .values({
        email: `tok${n}@example.com`,
        first_name: 'T',
        last_name: 'K',
        phone_number: '+2348000000000',
        password_hash: 'x',
        user_type: null,
        currency: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const rejects = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ statusCode: 401 });

describe('token service', () => {
  it('issues a 15-minute access token and a 30-day refresh token sharing one id', async () => {
    const id = await newUser();
    const pair = await tokens.issue(id);
    const access = decodeJwt(pair.access);
    const refresh = decodeJwt(pair.refresh);
    expect(access.exp! - access.iat!).toBe(ACCESS_TTL_S);
    expect(refresh.exp! - refresh.iat!).toBe(REFRESH_TTL_S);
    expect(access.jti).toBe(refresh.jti);
    expect(await tokens.verifyAccess(pair.access)).toEqual({ userId: id, sessionId: refresh.fam });
  });

  it('keeps access and refresh tokens apart, and refuses other signatures', async () => {
    const id = await newUser();
    const pair = await tokens.issue(id);
    await rejects(tokens.verifyAccess(pair.refresh));
    await rejects(tokens.rotate(pair.access));
    const other = createTokenService(handle.db, 'another-secret-entirely-different');
    await rejects(other.verifyAccess(pair.access));
  });

  it('rotates; the replaced token answers the same successor until that successor is used, however late', async () => {
    const id = await newUser();
    const pair = await tokens.issue(id);
    const next = await tokens.rotate(pair.refresh);
    expect(next.refresh).not.toBe(pair.refresh);
    expect(await tokens.rotate(pair.refresh)).toEqual(next);
    expect(decodeJwt(next.refresh).fam).toBe(decodeJwt(pair.refresh).fam);
    // The device stayed offline for days after the answer was lost: the session still holds.
    await handle.db
      .updateTable('refresh_tokens')
      .set({ replaced_at: new Date(Date.now() - 10 * 24 * 3600_000) })
      .where('jti', '=', String(decodeJwt(pair.refresh).jti))
      .execute();
    expect(await tokens.rotate(pair.refresh)).toEqual(next);
    const after = await tokens.rotate(next.refresh);
    expect(after.refresh).not.toBe(next.refresh);
  });

  it('revokes the whole family when a replaced token comes back after its successor was used', async () => {
    const id = await newUser();
    const pair = await tokens.issue(id);
    const next = await tokens.rotate(pair.refresh);
    const third = await tokens.rotate(next.refresh);
    await rejects(tokens.rotate(pair.refresh));
    await rejects(tokens.rotate(third.refresh));
    const family = await handle.db
      .selectFrom('refresh_tokens')
      .select('revoked_at')
      .where('family', '=', String(decodeJwt(pair.refresh).fam))
      .execute();
    expect(family.every((r) => r.revoked_at !== null)).toBe(true);
  });

  it('answers 401 for a replaced token whose successor has expired, without a new pair', async () => {
    const id = await newUser();
    const pair = await tokens.issue(id);
    const next = await tokens.rotate(pair.refresh);
    await handle.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('jti', '=', String(decodeJwt(next.refresh).jti))
      .execute();
    await rejects(tokens.rotate(pair.refresh));
  });

  it('revoke ends one sign-in; revokeAllFor ends them all', async () => {
    const id = await newUser();
    const a = await tokens.issue(id);
    const b = await tokens.issue(id);
    await tokens.revoke(a.refresh);
    await rejects(tokens.rotate(a.refresh));
    const b2 = await tokens.rotate(b.refresh);
    await tokens.revokeAllFor(id);
    await rejects(tokens.rotate(b2.refresh));
  });
});
