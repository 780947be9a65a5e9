import { describe, expect, it } from 'vitest';
import { greeting, signIn, signInAsDemo, skipBrowser, useBrowser } from '../e2e/helpers';
import { DEMO_PASSWORD } from '@server/seed/data';

/**
 * One identity across tabs (docs/sync.md): when another tab signs out, or in as someone else,
 * a tab still open follows at once and never goes on showing the first user over the new
 * session.
 */

const ELIF = { email: 'elif.demir@demo.market', firstName: 'Elif' };
const AWA = { email: 'awa.diop@demo.market', firstName: 'Awa' };

describe.skipIf(skipBrowser)('journey: a second tab', () => {
  const browser = useBrowser();

  it('a tab follows another tab signing out and in as someone else', async () => {
    const first = browser.page;
    await signInAsDemo(first, ELIF);
    const second = await browser.context.newPage();
    await second.goto('/');
    await greeting(second, ELIF.firstName).waitFor();

    // The second tab signs out: the first one shows a guest at once, with no reload.
    await second.evaluate(() => {
      localStorage.removeItem('access_token');
      localStorage.removeItem('refresh_token');
    });
    await expect.poll(() => greeting(first, ELIF.firstName).count(), { timeout: 5_000 }).toBe(0);

    // It signs in as Awa: the first tab shows Awa.
    await second.goto('/login');
    await signIn(second, AWA.email, DEMO_PASSWORD);
    await greeting(second, AWA.firstName).waitFor();
    await greeting(first, AWA.firstName).waitFor({ timeout: 10_000 });
    expect(await greeting(first, ELIF.firstName).count()).toBe(0);
  });
});
