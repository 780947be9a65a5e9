import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_SUPPLIER_EMAIL } from '@server/seed/data';
import type { Product } from '@/shared/catalogue';
import { OFFER_STEP } from '@/shared/constants';
import { offerPrice } from '@/shared/currency';
import { moqPrice } from '@/shared/prices';
import { DEMO_BUYER, chatBubble, chatHistory, e2e, signInAsDemo, skipBrowser, startChat, useBrowser, waitOutSplash } from './helpers';

/**
 * Chat with offers and notifications (docs/product.md#chat-rules, #notifications) between the demo buyer and the demo
 * supplier, each in their own browser context, against the real server: sending text, a
 * picture and an offer, the supplier's badges and notification, a reply, and messages
 * composed offline that arrive exactly once.
 */

interface Session {
  token: string;
  id: number;
}
interface ApiMessage {
  id: number;
  text: string;
  image_url: string | null;
  price: string | null;
  sender: { id: number };
}

async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<Session> {
  const login = await fetch(`${e2e.baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { access } = (await login.json()) as { access: string };
  const me = (await (await fetch(`${e2e.baseUrl}/api/me/`, { headers: { authorization: `Bearer ${access}` } })).json()) as { id: number };
  return { token: access, id: me.id };
}

async function apiAs<T>(session: Session, path: string): Promise<T> {
  const response = await fetch(`${e2e.baseUrl}${path}`, { headers: { authorization: `Bearer ${session.token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json() as Promise<T>;
}

/**
 * Every message of a conversation, as the server holds them. Read as the buyer: reading a
 * conversation marks it read for the reader, and the supplier's unread badge is under test.
 */
async function serverMessages(session: Session, conversationId: number): Promise<ApiMessage[]> {
  const page = await apiAs<{ results: ApiMessage[] }>(session, `/api/conversations/${conversationId}/messages/?limit=500`);
  return page.results;
}

/** Two of the demo supplier's products with a picture: one per test, so each starts its own conversation. */
async function supplierProducts(supplier: Session) {
  const page = await apiAs<{ results: Array<Product & { thumbnail_url: string | null }> }>(
    supplier,
    `/api/products/?supplier=${supplier.id}&limit=20`,
  );
  const withPicture = page.results.filter((p) => p.thumbnail_url);
  if (withPicture.length < 3) throw new Error('The demo supplier needs three products with pictures');
  return withPicture;
}

async function signedInContext(browser: Browser, email: string, firstName: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL: e2e.baseUrl, viewport });
  context.setDefaultTimeout(20_000);
  waitOutSplash(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  await signInAsDemo(page, { email, firstName });
  return { context, page, errors };
}

/** Waits until nothing in the history is still sending. */
async function allSent(page: Page, timeout = 30_000) {
  await chatHistory(page).getByText('Sending…').first().waitFor({ state: 'detached', timeout });
}

describe.skipIf(skipBrowser)('chat with offers and notifications (browser)', () => {
  const browser = useBrowser();

  it('a buyer sends text, a picture and a 10% lower offer; the supplier sees the badge and the notification within 60 s and replies', async () => {
    const supplierApi = await apiLogin(DEMO_SUPPLIER_EMAIL);
    const buyerApi = await apiLogin(DEMO_BUYER.email);
    const [product] = await supplierProducts(supplierApi);
    // The supplier is already signed in elsewhere, waiting.
    const supplier = await signedInContext(browser.browser, DEMO_SUPPLIER_EMAIL, 'Adebayo');
    const { page } = browser;
    try {
      await signInAsDemo(page, DEMO_BUYER);
      const conversationId = await startChat(page, product.id);
      await page.getByRole('heading', { name: /Lagos Agro Foods/ }).waitFor();

      await page.getByLabel('Message', { exact: true }).fill('Hello, can you supply 200 units?');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await chatBubble(page, 'Hello, can you supply 200 units?').waitFor();

      // A real PNG (the server checks content, not names): the product's own picture.
      const png = Buffer.from(await (await fetch(`${e2e.baseUrl}${product.thumbnail_url}`)).arrayBuffer());
      await page.getByLabel('Attach a file').setInputFiles({ name: 'sample.png', mimeType: 'image/png', buffer: png });
      await page.getByText('sample.png').waitFor();
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await chatHistory(page).locator('img').first().waitFor();

      await page.getByRole('button', { name: 'Offer 10% less' }).click();
      // 10 % under the unit price at the minimum order (a product priced by quantity: its first tier).
      const lower = offerPrice(moqPrice(product), -OFFER_STEP);
      await chatBubble(page, 'Price offer:').waitFor();
      await allSent(page);

      const stored = await serverMessages(buyerApi, conversationId);
      expect(stored.map((m) => [m.text, m.price])).toEqual([
        ['Hello, can you supply 200 units?', null],
        ['', null],
        ['', lower],
      ]);
      // The picture went up shrunk on the device, as WebP (src/media/plan.ts).
      expect(stored[1].image_url).toMatch(/\.webp$/);
      expect(await chatHistory(page).locator('img').getAttribute('src')).toContain(stored[1].image_url!);

      // The supplier's badges follow within 60 s (docs/product.md#notifications: counts every 60 s) without a reload.
      const s = supplier.page;
      await s
        .getByRole('link', { name: /^Messages, \d+ unread$/ })
        .first()
        .waitFor({ timeout: 65_000 });
      await s.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor({ timeout: 5_000 });
      await s.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      const offerNote = s.getByRole('button', {
        name: new RegExp(`^Chioma offered .* for ${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`),
      });
      await offerNote.waitFor();
      await offerNote.click();
      await s.waitForURL(`**/chat/${conversationId}`);

      // The supplier sees the three messages, the picture and the offer, and gets no offer buttons.
      await chatBubble(s, 'Hello, can you supply 200 units?').waitFor();
      await chatHistory(s).locator('img').first().waitFor();
      await chatBubble(s, 'Price offer:').waitFor();
      expect(await s.getByRole('button', { name: 'Offer 10% less' }).count()).toBe(0);
      await s.getByLabel('Message', { exact: true }).fill('Yes, 200 units ship next week.');
      await s.keyboard.press('Enter');
      await allSent(s);

      // The buyer's open conversation shows the reply by itself (polled every 5 s).
      await chatBubble(page, 'Yes, 200 units ship next week.').waitFor({ timeout: 20_000 });
      expect(supplier.errors).toEqual([]);
    } finally {
      await supplier.context.close();
    }
  }, 180_000);

  it('messages and offers composed offline show as pending and arrive exactly once when back online', async () => {
    const supplierApi = await apiLogin(DEMO_SUPPLIER_EMAIL);
    const buyerApi = await apiLogin(DEMO_BUYER.email);
    const [, product] = await supplierProducts(supplierApi);
    const { page, context } = browser;
    await signInAsDemo(page, DEMO_BUYER);
    const conversationId = await startChat(page, product.id);

    await context.setOffline(true);
    await page.getByLabel('Message', { exact: true }).fill('Written in the market, no signal');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Offer 10% more' }).click();
    const higher = offerPrice(moqPrice(product), OFFER_STEP);

    const text = chatBubble(page, 'Written in the market, no signal');
    await text.getByText('Sending…').waitFor();
    await chatBubble(page, 'Price offer:').getByText('Sending…').waitFor();
    expect(await serverMessages(buyerApi, conversationId)).toEqual([]);

    await context.setOffline(false);
    await allSent(page, 45_000);
    const stored = await serverMessages(buyerApi, conversationId);
    expect(stored.map((m) => [m.text, m.price])).toEqual([
      ['Written in the market, no signal', null],
      ['', higher],
    ]);

    // A reload shows each once, as the server holds them.
    await page.reload();
    await chatBubble(page, 'Written in the market, no signal').waitFor();
    expect(await chatBubble(page, 'Written in the market, no signal').count()).toBe(1);
    expect(await chatBubble(page, 'Price offer:').count()).toBe(1);
  }, 120_000);

  it('shows one pane at a time on a phone, and the chat screen passes axe in both themes', async () => {
    const supplierApi = await apiLogin(DEMO_SUPPLIER_EMAIL);
    const [, , product] = await supplierProducts(supplierApi);
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsDemo(page, DEMO_BUYER);
    const conversationId = await startChat(page, product.id);
    await page.getByLabel('Message', { exact: true }).fill('Is the price negotiable?');
    await page.keyboard.press('Enter');
    await allSent(page);

    // The conversation alone, with a back arrow to the list; then the list alone.
    expect(await page.getByRole('heading', { name: 'Messages', exact: true }).isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await page.waitForURL('**/chat/all');
    await page.locator(`a[href="/chat/${conversationId}"]`).waitFor();
    expect(await page.getByLabel('Message', { exact: true }).count()).toBe(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/chat/${conversationId}`);
    await chatBubble(page, 'Is the price negotiable?').waitFor();
    for (const theme of ['dark', 'light']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await chatBubble(page, 'Is the price negotiable?').waitFor();
      const { violations } = await new AxeBuilder({ page: page as never }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  }, 120_000);
});
