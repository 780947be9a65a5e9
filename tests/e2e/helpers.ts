import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { DEMO_BUYER_EMAIL, DEMO_PASSWORD } from '@server/seed/data';
import { CHROMIUM_ARGS } from '@tests/chromium';

/** What the global setup started (tests/e2e/global-setup.ts). */
export const e2e = inject('e2e');
/** `describe.skipIf(skipBrowser)`: no Chromium on this machine. */
export const skipBrowser = !e2e.enabled;

export const DEMO_BUYER = { email: DEMO_BUYER_EMAIL, password: DEMO_PASSWORD, firstName: 'Chioma' };
export const OFFLINE_NOTICE = 'You are offline — showing saved data';

const LAUNCH = {
  executablePath: e2e.chromium,
  headless: true,
  args: CHROMIUM_ARGS,
};

/**
 * Every page of the context waits for the start-up splash (docs/product.md#start-up-and-the-route-guard) to go before it clicks or
 * types. Without it, a click under the splash makes Playwright scroll the page to find a clear
 * spot, which hides the navbar (it hides on scrolling down) and leaves its controls unclickable.
 */
export function waitOutSplash(context: BrowserContext) {
  const guard = (page: Page) => {
    const splash = page.locator('.splash').filter({ visible: true }).first();
    splashGuards.set(
      page,
      page.addLocatorHandler(splash, async () => {}).then(() => splash),
    );
  };
  for (const page of context.pages()) guard(page);
  context.on('page', guard);
}
const splashGuards = new WeakMap<Page, Promise<Locator>>();

/** For a test of the splash itself: stop waiting it out. */
export async function watchSplash(page: Page) {
  const splash = await splashGuards.get(page);
  if (splash) await page.removeLocatorHandler(splash);
}

/**
 * One headless Chromium per test file and a fresh context (cookies, storage, service
 * workers) per test; an uncaught error in the page, or a CSP violation, fails the test. Call inside a describe
 * block; use `browser.page` in the tests.
 */
export function useBrowser() {
  const state = {} as { browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    state.browser = await chromium.launch(LAUNCH);
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  let pageErrors: string[] = [];
  let consoleLines: string[] = [];
  beforeEach(async () => {
    pageErrors = [];
    consoleLines = [];
    state.context = await state.browser.newContext({ baseURL: e2e.baseUrl, viewport: { width: 1280, height: 900 } });
    // Generous: CI shares two cores between the server, Chromium and the other test projects.
    state.context.setDefaultTimeout(40_000);
    waitOutSplash(state.context);
    state.page = await state.context.newPage();
    state.page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    // Anything the Content Security Policy blocked (an unhashed inline script, a foreign source) fails the test too.
    const note = (line: string) => {
      consoleLines = [...consoleLines.slice(-29), line];
    };
    state.page.on('response', (response) => {
      if (response.status() >= 400) note(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    state.page.on('requestfailed', (request) =>
      note(`request failed (${request.failure()?.errorText}): ${request.method()} ${request.url()}`),
    );
    state.page.on('framenavigated', (frame) => {
      if (frame === state.page.mainFrame()) note(`navigated: ${frame.url()}`);
    });
    state.page.on('console', (message) => {
      note(`${message.type()}: ${message.text()}`);
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) pageErrors.push(message.text());
    });
  });
  afterEach(async ({ task }) => {
    // A failed test says where the page was and what it showed: CI keeps no screenshots.
    if (task.result?.state === 'fail' || task.result?.errors?.length) {
      const shown = await state.page.evaluate(() => document.body.innerText.slice(0, 600)).catch(() => '(page gone)');
      console.log(`Page at failure: ${state.page.url()}\n--- text ---\n${shown}\n--- console ---\n${consoleLines.join('\n')}`);
    }
    await state.context?.close();
    // An uncaught error in the app is a failure even when the screen looked right.
    if (pageErrors.length) throw new Error(`Uncaught errors in the page:\n${pageErrors.join('\n')}`);
  });
  return state;
}

/**
 * Chromium with a real profile in a temp folder, for what a private (incognito) context
 * cannot show, such as installability. Close the context when done: it ends that browser.
 */
export async function launchWithProfile(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const profile = await mkdtemp(path.join(tmpdir(), 'mk-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...LAUNCH, baseURL: e2e.baseUrl });
  context.setDefaultTimeout(20_000);
  waitOutSplash(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** JSON from the running server, as a client outside the browser would read it. */
/** A user signed in through the API (not the page), to act as the other side of a journey. */
export interface Session {
  token: string;
  id: number;
}

export async function apiLogin(email: string): Promise<Session> {
  const login = await fetch(`${e2e.baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  const me = (await (await fetch(`${e2e.baseUrl}/api/me/`, { headers: { authorization: `Bearer ${access}` } })).json()) as { id: number };
  return { token: access, id: me.id };
}

/** An API call as `session`, throwing on anything but success. */
export async function callAs<T = any>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${e2e.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<T>;
}

export async function apiGet<T = any>(path: string): Promise<T> {
  const response = await fetch(`${e2e.baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json() as Promise<T>;
}

/** A demo product (GET /api/products/), for routes and media that need a real one. */
export async function demoProduct(): Promise<{ id: number; name: string; thumbnail_url: string }> {
  const page = await apiGet<{ results: Array<{ id: number; name: string; thumbnail_url: string }> }>('/api/products/');
  const product = page.results.find((p) => p.thumbnail_url);
  if (!product) throw new Error('The demo catalogue has no product with a picture');
  return product;
}

/** The 6-digit code of the newest verification mail the SMTP sink received for `email`. */
export async function otpFromMail(email: string): Promise<string> {
  const response = await fetch(`${e2e.mailUrl}?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`No mail reached the SMTP sink for ${email}: ${await response.text()}`);
  const { raw } = (await response.json()) as { raw: string };
  const code = /Your verification code: (\d{6})/.exec(raw)?.[1];
  if (!code) throw new Error(`The mail to ${email} carries no 6-digit code:\n${raw}`);
  return code;
}

/** Resolves once a service worker is activated and controls the page (the first visit is claimed at once). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** Signs in through the login form as a user would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** The profile menu's greeting in the navbar: visible only when signed in. */
export const greeting = (page: Page, firstName: string) => page.getByRole('button', { name: `Hi, ${firstName}` });

/** A demo user signs in through the login form and the navbar greets them. */
export async function signInAsDemo(page: Page, who: { email: string; firstName: string }): Promise<void> {
  await page.goto('/login');
  await signIn(page, who.email, DEMO_PASSWORD);
  await greeting(page, who.firstName).waitFor();
}

/** The product page's favourite button (the wide one, beside Buy now). */
export const productPageHeart = (page: Page) => page.locator('button.favorite-button--wide');

/** The open conversation's messages, and one of them by its text. */
export const chatHistory = (page: Page) => page.getByRole('log');
export const chatBubble = (page: Page, text: string) => chatHistory(page).locator('li', { hasText: text });

/** The buyer opens a product and presses "Send message" (online): the chat opens at the server's conversation, whose id is answered. */
export async function startChat(page: Page, productId: number): Promise<number> {
  await page.goto(`/products/${productId}`);
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.waitForURL(/\/chat\/\d+$/);
  await page.getByLabel('Message', { exact: true }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}
