import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { chatBubble, e2e, productPageHeart, signInAsDemo, skipBrowser, startChat, useBrowser } from '../e2e/helpers';
import { record } from '../../bench/record';
import { apiLogin, favoriteIds, freshProducts, messageTexts } from './support';

/**
 * A server in trouble and a stuck upload, in real Chromium (docs/sync.md): a one-minute run of
 * 500s is not hammered (one request every few seconds), the waiting favourite can be undone
 * and redone meanwhile, and what waits goes out soon after the server recovers; a picture
 * upload that gets no answer holds up only its own conversation. The figures are printed.
 * OUTAGE_MS shortens the outage (60 s by default). Under `npm run bench` (BENCH_RESULTS) the
 * figures also go into bench/REPORT.md.
 */

const KOFFI = { email: 'koffi.kouame@demo.market', firstName: 'Koffi' };
const BURAK = { email: 'burak.sahin@demo.market', firstName: 'Burak' };
const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 60_000);
const TROUBLE_NOTICE = 'The server is having trouble — your changes are kept and will be sent';

describe.skipIf(skipBrowser)('journey: a server in trouble, a stuck upload', () => {
  const browser = useBrowser();

  it('a one-minute 500 outage gets at most one request every few seconds; the queue drains soon after recovery', async () => {
    const page = browser.page;
    const api = await apiLogin(KOFFI.email);
    const [product] = await freshProducts(api, KOFFI.firstName, 10, 1);
    await signInAsDemo(page, KOFFI);
    await page.goto(`/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    let requests = 0;
    const outage = async (route: Route) => {
      requests += 1;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Internal server error"}' });
    };
    await page.context().route('**/api/**', outage);
    const started = Date.now();
    await productPageHeart(page).click();
    await expect.poll(() => productPageHeart(page).getAttribute('aria-pressed')).toBe('true');
    await page.getByText(TROUBLE_NOTICE).waitFor();
    await page.getByText('1 change waits to be sent').waitFor();
    // The user changes their mind during the outage, and back: the two collapse, one add waits.
    await productPageHeart(page).click();
    await expect.poll(() => productPageHeart(page).getAttribute('aria-pressed')).toBe('false');
    await productPageHeart(page).click();
    await expect.poll(() => productPageHeart(page).getAttribute('aria-pressed')).toBe('true');
    await page.waitForTimeout(Math.max(0, OUTAGE_MS - (Date.now() - started)));
    const during = requests;
    await page.context().unroute('**/api/**', outage);
    const recovered = Date.now();
    await expect.poll(() => favoriteIds(api), { timeout: 60_000, interval: 200 }).toContain(product.id);
    const drained = Date.now() - recovered;
    console.info(
      `[trouble] ${OUTAGE_MS / 1000} s of 500s: ${during} requests; queue drained ${(drained / 1000).toFixed(1)} s after recovery`,
    );
    record('sync under trouble (Chromium)', [
      {
        figure: `requests during a ${OUTAGE_MS / 1000} s outage (500s)`,
        value: during,
        unit: '',
        target: `≤ ${Math.ceil((30 * OUTAGE_MS) / 60_000)}`,
        met: during <= Math.ceil((30 * OUTAGE_MS) / 60_000),
      },
      { figure: 'queue drained after the server recovered', value: drained / 1000, unit: 's', target: '< 10 s', met: drained < 10_000 },
    ]);
    expect(during).toBeLessThanOrEqual(Math.ceil((30 * OUTAGE_MS) / 60_000) + 2);
    await expect.poll(() => page.getByText(TROUBLE_NOTICE).count()).toBe(0);
  });

  it('while a picture upload gets no answer, a favourite on another product reaches the server', async () => {
    const page = browser.page;
    const api = await apiLogin(BURAK.email);
    const [chatProduct, favProduct] = await freshProducts(api, BURAK.firstName, 20, 2);
    await signInAsDemo(page, BURAK);
    const conversation = await startChat(page, chatProduct.id);

    let hung = 0;
    await page.context().route('**/api/media/upload/**', () => {
      hung += 1; // never answered
    });
    const picture = await (await fetch(`${e2e.baseUrl}/api/products/${chatProduct.id}/`)).json();
    const png = Buffer.from(await (await fetch(`${e2e.baseUrl}${picture.thumbnail_url}`)).arrayBuffer());
    await page.getByLabel('Attach a file').setInputFiles({ name: 'stuck.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Message', { exact: true }).fill('A picture on a bad link');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await chatBubble(page, 'A picture on a bad link').waitFor();
    await expect.poll(() => hung).toBeGreaterThan(0);

    await page.goto(`/products/${favProduct.id}`);
    await page.getByRole('heading', { level: 1, name: favProduct.name }).waitFor();
    const tapped = Date.now();
    await productPageHeart(page).click();
    await expect.poll(() => favoriteIds(api), { timeout: 60_000, interval: 100 }).toContain(favProduct.id);
    const reached = Date.now() - tapped;
    console.info(`[lanes] favourite on the server ${(reached / 1000).toFixed(2)} s after the tap, the upload hanging`);
    record('sync under trouble (Chromium)', [
      {
        figure: 'an unrelated favourite on the server while an upload hangs',
        value: reached / 1000,
        unit: 's',
        target: '< 5 s',
        met: reached < 5_000,
      },
    ]);
    // The stuck conversation keeps its message: not sent, not lost.
    expect(await messageTexts(api, conversation)).not.toContain('A picture on a bad link');
  });
});
