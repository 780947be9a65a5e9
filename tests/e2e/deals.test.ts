import { describe, expect, it } from 'vitest';
import { DEMO_SUPPLIER_EMAIL } from '@server/seed/data';
import { DEMO_BUYER, apiLogin, callAs as call, chatHistory, e2e, signInAsDemo, skipBrowser, useBrowser, waitOutSplash } from './helpers';
import { offerPrices } from '@/shared/messaging';

/**
 * Deals (docs/product.md#deals) in the browser against the real server: a supplier at a market
 * stall with no signal accepts a buyer's offer; the acceptance waits on the phone, goes out when
 * it reconnects, and the buyer finds the order on their Orders page.
 */

describe.skipIf(skipBrowser)('deals (browser)', () => {
  const browser = useBrowser();

  it('a supplier accepts an offer offline; it goes out on reconnect and the buyer sees the order', async () => {
    const supplierApi = await apiLogin(DEMO_SUPPLIER_EMAIL);
    const buyerApi = await apiLogin(DEMO_BUYER.email);
    // A product of its own, far down the supplier's list: the chat tests use the first ones.
    const products = await call<{ results: Array<{ id: number; name: string; minimum_order_quantity: number; price: string }> }>(
      supplierApi,
      'GET',
      `/api/products/?supplier=${supplierApi.id}&limit=20`,
    );
    const product = products.results[products.results.length - 1];
    const conversation = await call<{ id: number }>(buyerApi, 'POST', '/api/conversations/', {
      product: product.id,
      participants: [supplierApi.id],
    });
    // The one-click lower offer: 10 % under the listed price, the lowest the server takes.
    const offered = offerPrices(product.price).lower;
    const offer = await call<{ id: number }>(buyerApi, 'POST', `/api/conversations/${conversation.id}/messages/`, {
      price: offered,
      quantity: product.minimum_order_quantity,
    });

    const supplierContext = await browser.browser.newContext({ baseURL: e2e.baseUrl, viewport: { width: 390, height: 844 } });
    supplierContext.setDefaultTimeout(40_000);
    waitOutSplash(supplierContext);
    const supplier = await supplierContext.newPage();
    const errors: string[] = [];
    supplier.on('pageerror', (error) => errors.push(error.stack ?? error.message));
    try {
      await signInAsDemo(supplier, { email: DEMO_SUPPLIER_EMAIL, firstName: 'Adebayo' });
      await supplier.goto(`/chat/${conversation.id}`);
      const card = chatHistory(supplier).locator('.offer', { hasText: 'Price offer:' });
      await card.getByText('Waiting for an answer').waitFor();

      // No signal at the stall.
      await supplierContext.setOffline(true);
      await card.getByRole('button', { name: 'Accept' }).click();
      await card.getByText('Accepted', { exact: true }).waitFor();
      await chatHistory(supplier).getByText('Accepted the offer.').waitFor();
      await chatHistory(supplier).getByText('Sending…').waitFor();
      // Other suites' orders share the demo buyer: look at this offer's only.
      const ordersOfOffer = async () =>
        (
          await call<{ results: Array<{ offer: number | null; status: string; unit_price: string }> }>(
            buyerApi,
            'GET',
            '/api/orders/?limit=50',
          )
        ).results.filter((o) => o.offer === offer.id);
      expect(await ordersOfOffer()).toEqual([]);

      await supplierContext.setOffline(false);
      await chatHistory(supplier).getByText('Sending…').waitFor({ state: 'detached', timeout: 45_000 });
      expect((await ordersOfOffer()).map((o) => [o.offer, o.status, o.unit_price])).toEqual([[offer.id, 'requested', offered]]);
      await card.getByRole('link', { name: 'View the order' }).waitFor();

      // The buyer finds it on their Orders page, from the profile menu.
      const { page } = browser;
      await signInAsDemo(page, DEMO_BUYER);
      await page.getByRole('button', { name: `Hi, ${DEMO_BUYER.firstName}` }).click();
      await page.getByRole('link', { name: 'Orders' }).click();
      await page.waitForURL(/\/orders$/);
      const row = page.locator('.order-row', { hasText: product.name });
      await row.getByText('Requested').waitFor();
      await row.getByRole('link').click();
      await page.getByRole('heading', { name: 'Timeline' }).waitFor();
      await page.getByText('it takes no money', { exact: false }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await supplierContext.close();
    }
  }, 150_000);
});
