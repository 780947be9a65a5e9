import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  OFFLINE_NOTICE,
  chatBubble,
  productPageHeart,
  signInAsDemo,
  skipBrowser,
  startChat,
  useBrowser,
  waitForServiceWorker,
} from '../e2e/helpers';
import { apiLogin, favoriteIds, freshProducts, lieFi, messageTexts, profileBrowser, reviewComments, storeCount, tempDir } from './support';

const EMEKA = { email: 'emeka.nwosu@demo.market', firstName: 'Emeka' };
const CHIOMA = { email: 'buyer@demo.market', firstName: 'Chioma' };

async function send(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.keyboard.press('Enter');
  await chatBubble(page, text).waitFor();
}

describe.skipIf(skipBrowser)('journey: changes made offline', () => {
  const browser = useBrowser();

  it('a favourite, a review and a message made offline survive a reload and a browser restart, and arrive once each', async () => {
    const api = await apiLogin(EMEKA.email);
    const [chatProduct, favProduct, reviewProduct] = await freshProducts(api, EMEKA.firstName, 0, 3);
    const profile = await tempDir('mk-journey-profile-');
    let run = await profileBrowser(profile);
    try {
      await signInAsDemo(run.page, EMEKA);
      const conversation = await startChat(run.page, chatProduct.id);
      await run.page.goto(`/products/${favProduct.id}`);
      await run.page.getByRole('heading', { level: 1, name: favProduct.name }).waitFor();
      await run.page.goto(`/products/${reviewProduct.id}`);
      await run.page.getByRole('heading', { level: 1, name: reviewProduct.name }).waitFor();
      await waitForServiceWorker(run.page);

      await run.context.setOffline(true);
      const form = run.page.getByRole('form', { name: 'Write a review' });
      await form.getByRole('radio', { name: '5 stars' }).click();
      await form.getByLabel('Comment (optional)').fill('Reviewed on the bus, no signal');
      await form.getByRole('button', { name: 'Submit review' }).click();
      await run.page.getByText('Saved on this device; it will be sent when the connection allows.').waitFor();
      await run.page.goto(`/products/${favProduct.id}`);
      await productPageHeart(run.page).click();
      await expect.poll(() => productPageHeart(run.page).getAttribute('aria-pressed')).toBe('true');
      await run.page.goto(`/chat/${conversation}`);
      await send(run.page, 'Written offline, sent later');
      await chatBubble(run.page, 'Written offline, sent later').getByText('Sending…').waitFor();
      expect(await storeCount(run.page, 'outbox')).toBe(3);

      // A reload, still offline: everything is still there and still waiting.
      await run.page.reload();
      await chatBubble(run.page, 'Written offline, sent later').getByText('Sending…').waitFor();
      await run.page.getByText(OFFLINE_NOTICE).waitFor();
      await run.page.getByText('3 changes wait to be sent').waitFor();

      // The browser closes and starts again on the same profile, with no network from the start.
      await run.context.close();
      run = await profileBrowser(profile, { offline: true });
      await run.page.goto(`/products/${favProduct.id}`);
      await run.page.getByText('3 changes wait to be sent').waitFor();
      await expect.poll(() => productPageHeart(run.page).getAttribute('aria-pressed')).toBe('true');
      expect(await favoriteIds(api)).not.toContain(favProduct.id);
      expect(await messageTexts(api, conversation)).toEqual([]);

      // The network is back (the browser restarts with it): each change goes, once.
      await run.context.close();
      run = await profileBrowser(profile);
      await run.page.goto(`/products/${favProduct.id}`);
      await expect.poll(() => storeCount(run.page, 'outbox'), { timeout: 60_000 }).toBe(0);
      expect((await favoriteIds(api)).filter((id) => id === favProduct.id)).toHaveLength(1);
      expect(await messageTexts(api, conversation)).toEqual(['Written offline, sent later']);
      expect((await reviewComments(api.base, reviewProduct.id)).filter((c) => c === 'Reviewed on the bus, no signal')).toHaveLength(1);
      await run.page.getByText(OFFLINE_NOTICE).waitFor({ state: 'detached' });
      expect(run.errors).toEqual([]);
    } finally {
      await run.context.close();
      await rm(profile, { recursive: true, force: true });
    }
  }, 240_000);

  it('on a flapping network (offline and online every 1.5 s) every message and favourite arrives exactly once, in order', async () => {
    const { page, context } = browser;
    const api = await apiLogin(CHIOMA.email);
    const [chatProduct, ...hearts] = await freshProducts(api, CHIOMA.firstName, 20, 4);
    await signInAsDemo(page, CHIOMA);
    // Seen once online: the device holds them and the service worker serves the app.
    for (const product of hearts) {
      await page.goto(`/products/${product.id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    }
    await waitForServiceWorker(page);
    const conversation = await startChat(page, chatProduct.id);

    let offline = false;
    const flap = setInterval(() => {
      offline = !offline;
      void context.setOffline(offline).catch(() => undefined);
    }, 1_500);
    const texts = Array.from({ length: 6 }, (_, i) => `Flapping message ${i + 1}`);
    try {
      for (const text of texts) {
        await send(page, text);
        await page.waitForTimeout(700);
      }
      for (const product of hearts) {
        await page.goto(`/products/${product.id}`);
        await productPageHeart(page).click();
        await expect.poll(() => productPageHeart(page).getAttribute('aria-pressed')).toBe('true');
      }
      await page.goto(`/chat/${conversation}`);
      await page.waitForTimeout(3_000);
    } finally {
      clearInterval(flap);
    }
    await context.setOffline(false);
    await expect.poll(() => storeCount(page, 'outbox'), { timeout: 60_000 }).toBe(0);
    expect(await messageTexts(api, conversation)).toEqual(texts);
    const favourites = await favoriteIds(api);
    for (const product of hearts) expect(favourites.filter((id) => id === product.id)).toHaveLength(1);
    // After a reload the history shows each once, as the server holds them.
    await page.reload();
    await chatBubble(page, texts.at(-1)!).waitFor();
    for (const text of texts) expect(await chatBubble(page, text).count()).toBe(1);
  }, 180_000);

  it('under lie-fi (online, but the answers never come) the app says it is offline, keeps the message, and sends it once when answers flow again', async () => {
    const { page, context } = browser;
    const api = await apiLogin(CHIOMA.email);
    const [chatProduct] = await freshProducts(api, CHIOMA.firstName, 40, 1);
    await signInAsDemo(page, CHIOMA);
    const conversation = await startChat(page, chatProduct.id);

    // The request reaches the server (which stores the message) but its answer is lost.
    const network = await lieFi(context, true);
    await send(page, 'Sent into the void');
    await page.getByText(OFFLINE_NOTICE).waitFor({ timeout: 60_000 });
    await chatBubble(page, 'Sent into the void').getByText('Sending…').waitFor();
    expect(network.held).toBeGreaterThan(0);

    await network.restore();
    await expect.poll(() => storeCount(page, 'outbox'), { timeout: 60_000 }).toBe(0);
    await page.getByText(OFFLINE_NOTICE).waitFor({ state: 'detached' });
    // Sent twice (the lost answer, then the resend), stored once: the same client_id.
    expect(await messageTexts(api, conversation)).toEqual(['Sent into the void']);
    await page.reload();
    await chatBubble(page, 'Sent into the void').waitFor();
    expect(await chatBubble(page, 'Sent into the void').count()).toBe(1);
  }, 150_000);
});
