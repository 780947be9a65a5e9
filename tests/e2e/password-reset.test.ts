import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@server/seed/data';
import { e2e, greeting, signIn, skipBrowser, useBrowser, waitOutSplash } from './helpers';

const BURAK = { email: 'burak.sahin@demo.market', firstName: 'Burak' };
const NEW_PASSWORD = 'Bosphorus-ferry-1923';

/** The newest password reset code the SMTP sink received for `email`. */
async function resetCodeFromMail(email: string): Promise<string> {
  const response = await fetch(`${e2e.mailUrl}?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`No mail reached the SMTP sink for ${email}: ${await response.text()}`);
  const { raw } = (await response.json()) as { raw: string };
  const code = /password reset code: (\d{6})/.exec(raw)?.[1];
  if (!code) throw new Error(`The mail to ${email} carries no reset code:\n${raw}`);
  return code;
}

/** "Forgot password?" in a real browser, the code by real SMTP (docs/api.md#password-reset). */
describe.skipIf(skipBrowser)('resetting a forgotten password (browser)', () => {
  const browser = useBrowser();

  it('mails a code, sets the new password, signs in with it, and the old one stops working', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(BURAK.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(BURAK.email);
    await page.getByRole('button', { name: 'Send the code' }).click();

    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const code = await resetCodeFromMail(BURAK.email);
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();

    // Signed in with the new password on the home page.
    await greeting(page, BURAK.firstName).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // The old password no longer signs in; the new one does.
    const other = await browser.browser.newContext({ baseURL: e2e.baseUrl });
    waitOutSplash(other);
    try {
      const second = await other.newPage();
      await second.goto('/login');
      await signIn(second, BURAK.email, DEMO_PASSWORD);
      await second.getByText('No active account found with the given credentials').waitFor();
      await signIn(second, BURAK.email, NEW_PASSWORD);
      await greeting(second, BURAK.firstName).waitFor();
    } finally {
      await other.close();
    }
  });
});
