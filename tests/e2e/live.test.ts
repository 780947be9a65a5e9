import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { DEMO_SUPPLIER_EMAIL } from '@server/seed/data';
import { CHROMIUM_ARGS } from '@tests/chromium';
import { DEMO_BUYER, apiLogin, callAs, chatBubble, e2e, signInAsDemo, skipBrowser, startChat, waitOutSplash } from './helpers';

/**
 * Live updates while the app is open (docs/sync.md): with the poke stream up, the app makes no
 * periodic requests at all (neither the open chat's 5 s poll nor the 60 s count poll), and a
 * new message still shows at once; when a proxy refuses the stream, the app polls as before.
 * The page's clock is Playwright's: 70 s of it pass in a moment. The service worker is left
 * out so every request of the page is seen (and can be refused) here.
 */
let browser: Browser;
beforeAll(async () => {
  if (!skipBrowser) browser = await chromium.launch({ executablePath: e2e.chromium, headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => browser?.close());

async function openApp(refuseStream: boolean): Promise<{ page: Page; requests: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: e2e.baseUrl, serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(40_000);
  waitOutSplash(context);
  const page = await context.newPage();
  await page.clock.install();
  // A proxy in the way that does not pass event streams on.
  if (refuseStream) await page.route('**/api/events/', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
  const requests: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events/') requests.push(`${request.method()} ${url.pathname}`);
  });
  return { page, requests, close: () => context.close() };
}

/** 70 s of the page's clock, 5 s at a time, each step's requests let through before the next. */
async function seventySeconds(page: Page): Promise<void> {
  for (let step = 0; step < 14; step += 1) {
    await page.clock.runFor(5_000);
    await page.waitForTimeout(250);
  }
  await page.waitForTimeout(1_000);
}

/** Waits until the page has made no API request for two seconds (what opening the chat set off is done). */
async function settle(requests: string[]): Promise<void> {
  let last = -1;
  await expect
    .poll(
      () => {
        const same = requests.length === last;
        last = requests.length;
        return same;
      },
      { interval: 2_000, timeout: 30_000 },
    )
    .toBe(true);
}

async function aProduct(supplier: { token: string; id: number }, index: number): Promise<number> {
  const page = await callAs<{ results: Array<{ id: number }> }>(supplier, 'GET', `/api/products/?supplier=${supplier.id}&limit=20`);
  return page.results[index].id;
}

describe.skipIf(skipBrowser)('live updates while the app is open (browser)', () => {
  it('with the stream up, 70 s pass without a single poll, and a reply shows at once', async () => {
    const supplier = await apiLogin(DEMO_SUPPLIER_EMAIL);
    const app = await openApp(false);
    try {
      const { page, requests } = app;
      const stream = page.waitForResponse((response) => response.url().endsWith('/api/events/') && response.ok());
      await signInAsDemo(page, DEMO_BUYER);
      const conversationId = await startChat(page, await aProduct(supplier, 2));
      await stream;
      await settle(requests);

      const before = requests.length;
      await seventySeconds(page);
      expect(requests.slice(before)).toEqual([]);

      const reply = `Yes, in stock, ${Date.now()}`;
      const sent = Date.now();
      await callAs(supplier, 'POST', `/api/conversations/${conversationId}/messages/`, { text: reply });
      await chatBubble(page, reply).waitFor({ timeout: 5_000 });
      console.info(`the reply showed ${Date.now() - sent} ms after it was sent`);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('with the stream refused by a proxy, the app polls, and a reply still shows', async () => {
    const supplier = await apiLogin(DEMO_SUPPLIER_EMAIL);
    const app = await openApp(true);
    try {
      const { page, requests } = app;
      await signInAsDemo(page, DEMO_BUYER);
      const conversationId = await startChat(page, await aProduct(supplier, 3));

      const before = requests.length;
      await seventySeconds(page);
      // The open chat's poll every 5 s, the counts' every 60 s.
      expect(requests.slice(before).filter((request) => request === 'GET /api/sync/').length).toBeGreaterThanOrEqual(10);

      const reply = `Can ship tomorrow, ${Date.now()}`;
      await callAs(supplier, 'POST', `/api/conversations/${conversationId}/messages/`, { text: reply });
      await page.clock.runFor(6_000);
      await chatBubble(page, reply).waitFor({ timeout: 10_000 });
    } finally {
      await app.close();
    }
  }, 120_000);
});
