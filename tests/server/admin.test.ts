import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createUser, startTestApp, type TestApp } from './helpers';
import { runAdmin } from '@server/admin';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const badge = async (userId: number) =>
  (await t.db.selectFrom('supplier_profiles').select('is_verified').where('user_id', '=', userId).executeTakeFirstOrThrow()).is_verified;

describe('npm run admin -- verify-supplier / unverify-supplier', () => {
  it("grants and revokes the supplier badge, shown on the supplier's products", async () => {
    const supplier = await createUser(t, { type: 'SUPPLIER', email: 'Trader@Example.com' });
    expect(await runAdmin(['verify-supplier', 'trader@example.com'], t.db)).toMatch(/now shows the verified supplier badge/);
    expect(await badge(supplier.user.id)).toBe(true);
    expect((await t.api.get(`/api/users/${supplier.user.id}/`)).body.supplier_profile.is_verified).toBe(true);
    expect(await runAdmin(['unverify-supplier', 'TRADER@example.com'], t.db)).toMatch(/no longer shows/);
    expect(await badge(supplier.user.id)).toBe(false);
  });

  it('explains unknown emails, non-suppliers and wrong usage', async () => {
    const buyer = await createUser(t, { type: 'BUYER' });
    await expect(runAdmin(['verify-supplier', 'nobody@example.com'], t.db)).rejects.toThrow(
      'No account with the email nobody@example.com.',
    );
    await expect(runAdmin(['verify-supplier', buyer.email], t.db)).rejects.toThrow(/is not a supplier account \(BUYER\)/);
    await expect(runAdmin(['promote', buyer.email], t.db)).rejects.toThrow(/^Usage: npm run admin/);
    await expect(runAdmin([], t.db)).rejects.toThrow(/^Usage/);
  });

  it('runs as a command on the database of DATA_DIR / DATABASE_URL, exiting 1 with the reason', () => {
    const dataDir = mkdtempSync(path.join(inject('tmpDir'), 'admin-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    const run = spawnSync('npx', ['tsx', 'server/admin.ts', 'verify-supplier', 'ghost@example.com'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('No account with the email ghost@example.com.');
  }, 60_000);
});
