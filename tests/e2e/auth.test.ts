import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_BUYER, greeting, otpFromMail, signIn, skipBrowser, useBrowser } from './helpers';

/** docs/product.md#start-up-and-the-route-guard: sign-up, the emailed code, onboarding, login and the route guard in a real browser. */
describe.skipIf(skipBrowser)('signing up and signing in (browser)', () => {
  const browser = useBrowser();

  it('signs up, verifies the emailed code and finishes onboarding as a supplier', async () => {
    const { page } = browser;
    const email = `amaka.${randomBytes(4).toString('hex')}@example.com`;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign up instead' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();

    await page.getByLabel('First name').fill('Amaka');
    await page.getByLabel('Last name').fill('Obi');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone number').fill('+2348011122233');
    await page.getByLabel('Country').selectOption('NG');
    await page.getByLabel('Password', { exact: true }).fill('Kestrel-harbour-73');
    await page.getByLabel('Confirm password').fill('Kestrel-harbour-73');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    // The code screen names the address the code went to.
    await page.waitForURL('**/verify-otp');
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    expect(await page.getByText(email).isVisible()).toBe(true);

    // The code arrives by real SMTP; typing it digit by digit moves through the six boxes.
    const code = await otpFromMail(email);
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);
    const boxes = await Promise.all(Array.from({ length: 6 }, (_, i) => page.getByLabel(`Digit ${i + 1} of 6`).inputValue()));
    expect(boxes.join('')).toBe(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();

    // Signed in on the home page, with the first-login onboarding over it.
    await page.waitForURL((url) => url.pathname === '/');
    const onboarding = page.getByRole('dialog', { name: 'Set up your account' });
    await onboarding.waitFor();
    await onboarding.getByRole('button', { name: /^Supplier/ }).click();
    await onboarding.getByRole('heading', { name: 'Tell us about your company' }).waitFor();
    await onboarding.getByLabel('Company name').fill('Obi Electronics Ltd');
    await onboarding.getByRole('checkbox', { name: 'Electronics' }).check();
    await onboarding.getByRole('button', { name: 'Complete setup' }).click();
    await onboarding.waitFor({ state: 'detached' });

    // The navbar greets the new supplier, whose menu offers to add a product.
    await greeting(page, 'Amaka').click();
    await page.getByRole('link', { name: 'Add product' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // The account is complete on the server too: a reload keeps the session and no onboarding returns.
    await page.reload();
    await greeting(page, 'Amaka').waitFor();
    expect(await page.getByRole('dialog', { name: 'Set up your account' }).count()).toBe(0);
  });

  it('asks for a new password when the code is confirmed without the sign-up that sent it (a reload loses its proof)', async () => {
    const { page } = browser;
    const email = `kofi.${randomBytes(4).toString('hex')}@example.com`;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign up instead' }).click();
    await page.getByLabel('First name').fill('Kofi');
    await page.getByLabel('Last name').fill('Mensah');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone number').fill('+2348011122244');
    await page.getByLabel('Password', { exact: true }).fill('Heron-quarry-41');
    await page.getByLabel('Confirm password').fill('Heron-quarry-41');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForURL('**/verify-otp');

    // The registration token lived in memory only: after a reload this page cannot prove it made the sign-up.
    await page.reload();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(await otpFromMail(email));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();

    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Otter-lantern-62');
    await page.getByLabel('Confirm new password').fill('Otter-lantern-62');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('dialog', { name: 'Set up your account' }).waitFor();

    // The sign-up password no longer works; the new one does.
    const login = (password: string) =>
      page.evaluate(
        async ([address, secret]) =>
          (
            await fetch('/api/auth/login/', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ email: address, password: secret }),
            })
          ).status,
        [email, password],
      );
    expect(await login('Heron-quarry-41')).toBe(401);
    expect(await login('Otter-lantern-62')).toBe(200);
  });

  it('signs the demo buyer in and lands on the home page', async () => {
    const { page } = browser;
    await page.goto('/login');
    await signIn(page, DEMO_BUYER.email, DEMO_BUYER.password);
    await page.waitForURL((url) => url.pathname === '/');
    await greeting(page, DEMO_BUYER.firstName).waitFor();
    // Buyers get no "Add product" in their menu.
    await greeting(page, DEMO_BUYER.firstName).click();
    await page.getByRole('link', { name: 'My profile' }).waitFor();
    expect(await page.getByRole('link', { name: 'Add product' }).count()).toBe(0);
  });

  it('sends a guest from /favorites to /login and back to /favorites after signing in', async () => {
    const { page } = browser;
    await page.goto('/favorites');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();

    await signIn(page, DEMO_BUYER.email, DEMO_BUYER.password);
    await page.waitForURL('**/favorites');
    await greeting(page, DEMO_BUYER.firstName).waitFor();
    await page.getByRole('heading', { name: 'Favorites', level: 1 }).waitFor();
  });
});
