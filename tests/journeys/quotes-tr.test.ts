import { i18n } from '@lingui/core';
import pg from 'pg';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@server/seed/data';
import { formatPrice } from '@/shared/format';
import { e2e, skipBrowser, useBrowser, waitForServiceWorker, waitOutSplash } from '../e2e/helpers';
import { apiAs, apiLogin, ownServer, storeCount, type Session } from './support';

/**
 * Wholesale in Turkish (docs/api.md#requests-for-quotation), three people against the real
 * server: a buyer posts a request for quotation with no signal (it goes out on reconnect), two
 * suppliers of its category quote (one on her own phone, one through the API), and the buyer
 * compares the quotes and accepts the cheaper. The order that follows shows the quoted unit
 * price and total to the buyer and to the supplier. Every wait is on something a page shows or
 * the server answers: CI runs this beside other suites on two cores. On the suite's server
 * (PGlite), and on PostgreSQL when CRASH_DATABASE_URL names a database to connect to (a server
 * of its own on a database it creates and drops beside it, as tests/journeys/server-crash.test.ts does).
 */

const BUYER = { email: 'burak.sahin@demo.market', firstName: 'Burak' };
/** Two suppliers of "Textiles & Apparel" in the demo catalogue (server/seed/data.ts). */
const AYSE = { email: 'satis@anadolutekstil.demo.market', firstName: 'Ayşe', company: 'Anadolu Tekstil A.Ş.' };
const FATOU = { email: 'contact@dakarartisanat.demo.market', company: 'Dakar Artisanat' };
const CATEGORY = 'Textiles & Apparel';
const SAVED = 'Bu cihaza kaydedildi; bağlantı elverdiğinde gönderilecek.';

type Rfq = { id: number; title: string; status: string; quotes_count: number; images: string[] };
type Quote = { id: number; supplier: { id: number }; unit_price: string; quantity: number; offer: number };
type Order = { id: number; status: string; unit_price: string; quantity: number; total: string; offer: number | null };

/** A context of its own with the app in Turkish. */
async function turkishContext(
  browser: Browser,
  base: string,
  width: number,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  context.setDefaultTimeout(60_000);
  await context.addInitScript(() => localStorage.setItem('language', 'tr'));
  waitOutSplash(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  return { context, page, errors };
}

/** Signs in through the Turkish login form; the navbar greets them. */
async function signInTr(page: Page, email: string, firstName: string) {
  await page.goto('/login');
  await page.getByLabel('E-posta', { exact: true }).fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Giriş yap', exact: true }).click();
  await page.getByRole('button', { name: `Merhaba, ${firstName}` }).waitFor();
}

/** A failed step says what each side's page showed: CI keeps no screenshots. */
async function shown(page: Page, who: string) {
  const text = await page.evaluate(() => document.body.innerText.slice(0, 1500)).catch(() => '(page gone)');
  console.log(`${who} at failure: ${page.url()}\n${text}`);
}

const myRequests = async (buyer: Session, title: string) =>
  (await apiAs<{ results: Rfq[] }>(buyer, '/api/rfqs/?role=buyer&limit=50')).results.filter((r) => r.title === title);

/** The order page's value for a label (its facts list: "Birim fiyat", "Toplam"). */
const fact = (page: Page, label: string) => page.locator('.order__facts dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

async function journey(browser: Browser, base: string) {
  const buyerApi = await apiLogin(BUYER.email, base);
  const ayseApi = await apiLogin(AYSE.email, base);
  const fatouApi = await apiLogin(FATOU.email, base);
  const categories = (await (await fetch(`${base}/api/categories/`)).json()) as Array<{ id: number; name: string }>;
  const category = categories.find((c) => c.name === CATEGORY)!;
  const productOf = async (supplier: Session) =>
    (
      await apiAs<{ results: Array<{ id: number; name: string }> }>(
        supplier,
        `/api/products/?supplier=${supplier.id}&category=${category.id}&limit=5`,
      )
    ).results[0];
  const ayseProduct = await productOf(ayseApi);
  const fatouProduct = await productOf(fatouApi);
  const rates = (await (await fetch(`${base}/api/rates/latest/USD/`)).json()) as { conversion_rates: Record<string, number> };
  // Every demo user in Turkey pays in lira (server/seed/index.ts); prices are formatted as the app does in Turkish.
  const tryRate = rates.conversion_rates.TRY;
  i18n.loadAndActivate({ locale: 'tr', messages: {} });
  const lira = (usd: string | number) => formatPrice(usd, 'TRY', tryRate);

  const title = `Pamuklu tişört, 300 adet (${Date.now()})`;
  const TSHIRT_PICTURE = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d3c78' } })
    .png()
    .toBuffer();
  const quantity = 300;
  const buyer = await turkishContext(browser, base, 390);
  const ayse = await turkishContext(browser, base, 1280);
  try {
    // The buyer opens the form while online (the app and the categories are on the phone), then loses the signal.
    await signInTr(buyer.page, BUYER.email, BUYER.firstName);
    await buyer.page.goto('/requests/new');
    const form = buyer.page.locator('main form');
    await form.getByLabel('Kategori').locator(`option[value="${category.id}"]`).waitFor({ state: 'attached' });
    await waitForServiceWorker(buyer.page);
    await buyer.context.setOffline(true);
    await form.getByLabel('Ne arıyorsunuz?').fill(title);
    await form.getByLabel('Bilgiler').fill('%100 pamuk, 180 g/m², beyaz ve lacivert; koli başına 50 adet.');
    await form.getByLabel('Kategori').selectOption(String(category.id));
    await form.getByLabel('Miktar (adet)').fill(String(quantity));
    await form.getByLabel('Teklif süresi (gün)').fill('10');
    // A picture of what is wanted: it waits on the phone with the request, and goes up before it.
    await form
      .getByLabel('Fotoğraflar (isteğe bağlı)')
      .setInputFiles({ name: 'tisort.png', mimeType: 'image/png', buffer: TSHIRT_PICTURE });
    await form.getByRole('button', { name: 'Kaldır Fotoğraf 1' }).waitFor();
    await form.getByRole('button', { name: 'Talebi yayınla' }).click();
    // Saved on the phone under a local id; nothing has reached the server.
    await buyer.page.waitForURL(/\/requests\/-\d+$/);
    await buyer.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await buyer.page.getByText(SAVED).waitFor();
    await buyer.page.getByText('Yüklenmeyi bekliyor').waitFor();
    expect(await storeCount(buyer.page, 'outbox')).toBe(2);
    expect(await myRequests(buyerApi, title)).toEqual([]);

    // The signal is back: the request goes out once and the page follows it to the server's id.
    await buyer.context.setOffline(false);
    await buyer.page.getByText(SAVED).waitFor({ state: 'detached', timeout: 90_000 });
    await buyer.page.waitForURL(/\/requests\/\d+$/, { timeout: 90_000 });
    await expect.poll(() => storeCount(buyer.page, 'outbox'), { timeout: 60_000 }).toBe(0);
    const posted = await myRequests(buyerApi, title);
    expect(posted).toEqual([expect.objectContaining({ status: 'open', quotes_count: 0, images: [expect.stringMatching(/^\/media\//)] })]);
    const rfqId = posted[0].id;
    expect(buyer.page.url()).toMatch(new RegExp(`/requests/${rfqId}$`));
    await buyer.page.getByRole('heading', { name: 'Henüz teklif yok' }).waitFor();

    // Ayşe finds it in her Requests tab and quotes the lower price from her own browser, in lira.
    await signInTr(ayse.page, AYSE.email, AYSE.firstName);
    await ayse.page.goto('/requests');
    const row = ayse.page.getByRole('link', { name: new RegExp(title.replace(/[()]/g, '\\$&')) });
    await row.click({ timeout: 90_000 });
    await ayse.page.waitForURL(new RegExp(`/requests/${rfqId}$`));
    // The buyer's picture, as the server keeps it.
    await expect
      .poll(() => ayse.page.locator('.rfq__pictures img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 30_000,
      })
      .toBe(true);
    const quoteForm = ayse.page.locator('main form');
    await quoteForm.getByLabel('Ürün', { exact: true }).locator(`option[value="${ayseProduct.id}"]`).waitFor({ state: 'attached' });
    await quoteForm.getByLabel('Ürün', { exact: true }).selectOption(String(ayseProduct.id));
    const typedLira = (7.5 * tryRate).toFixed(2);
    await quoteForm.getByLabel('Birim fiyat (TRY)').fill(typedLira);
    expect(await quoteForm.getByLabel('Miktar', { exact: true }).inputValue()).toBe(String(quantity));
    await quoteForm.getByLabel('Teslim süresi (gün)').fill('12');
    await quoteForm.getByLabel('Not (isteğe bağlı)').fill('Numune 3 günde hazır.');
    await quoteForm.getByRole('button', { name: 'Teklifi gönder' }).click();
    await ayse.page.getByRole('heading', { name: 'Teklifiniz' }).waitFor();
    await ayse.page.getByRole('link', { name: 'Sohbeti aç' }).waitFor({ timeout: 90_000 });

    // Fatou quotes more, and sooner, through the API.
    await apiAs(fatouApi, `/api/rfqs/${rfqId}/quotes/`, {
      method: 'POST',
      body: { product: fatouProduct.id, unit_price: '9.00', quantity, lead_time_days: 5, note: 'Livraison par bateau.' },
    });
    const quotes = (await apiAs<{ results: Quote[] }>(buyerApi, `/api/rfqs/${rfqId}/quotes/`)).results;
    expect(quotes).toHaveLength(2);
    const ayseQuote = quotes.find((q) => q.supplier.id === ayseApi.id)!;
    // The lira typed, in dollars as the server keeps prices.
    expect(ayseQuote.unit_price).toBe((Math.round((Number(typedLira) / tryRate) * 100) / 100).toFixed(2));
    const ayseTotal = (Number(ayseQuote.unit_price) * quantity).toFixed(2);

    // The buyer's page shows both side by side, the cheaper first; sorting by lead time puts Fatou's first.
    await buyer.page.getByRole('heading', { name: 'Teklifler (2)' }).waitFor({ timeout: 90_000 });
    const cards = buyer.page.getByRole('list', { name: 'Karşılaştırılan teklifler' }).getByRole('listitem');
    await expect.poll(() => cards.locator('h3').allInnerTexts()).toEqual([AYSE.company, FATOU.company]);
    await buyer.page.getByRole('radio', { name: 'En kısa teslim süresi' }).check();
    await expect.poll(() => cards.locator('h3').allInnerTexts()).toEqual([FATOU.company, AYSE.company]);
    const ayseCard = cards.filter({ has: buyer.page.getByRole('heading', { name: AYSE.company }) });
    await ayseCard.getByText(`birim başına ${lira(ayseQuote.unit_price)}`).waitFor();
    await ayseCard.getByText(lira(ayseTotal), { exact: true }).waitFor();
    await ayseCard.getByText('En düşük fiyat').waitFor();

    // She accepts Ayşe's quote: an order follows, at the quoted price.
    await ayseCard.getByRole('button', { name: 'Kabul et' }).click({ timeout: 90_000 });
    await ayseCard.getByRole('link', { name: 'Kabul edildi: siparişi gör' }).click({ timeout: 90_000 });
    await buyer.page.waitForURL(/\/orders\/\d+$/);
    const orderId = Number(new URL(buyer.page.url()).pathname.split('/').pop());
    const order = await apiAs<Order>(buyerApi, `/api/orders/${orderId}/`);
    expect(order).toMatchObject({
      status: 'requested',
      offer: ayseQuote.offer,
      unit_price: ayseQuote.unit_price,
      quantity,
      total: ayseTotal,
    });
    await expect.poll(() => fact(buyer.page, 'Birim fiyat').innerText()).toBe(lira(ayseQuote.unit_price));
    await expect.poll(() => fact(buyer.page, 'Toplam').innerText()).toBe(`${lira(ayseTotal)} ($${ayseTotal} USD)`);

    // Ayşe's side shows the same order, price and total.
    await ayse.page.goto(`/orders/${orderId}`);
    await ayse.page.locator('.order-status').getByText('Talep edildi', { exact: true }).waitFor({ timeout: 90_000 });
    await expect.poll(() => fact(ayse.page, 'Birim fiyat').innerText()).toBe(lira(ayseQuote.unit_price));
    await expect.poll(() => fact(ayse.page, 'Toplam').innerText()).toBe(`${lira(ayseTotal)} ($${ayseTotal} USD)`);
    expect((await apiAs<Order>(ayseApi, `/api/orders/${orderId}/`)).unit_price).toBe(ayseQuote.unit_price);
    expect(await myRequests(buyerApi, title)).toHaveLength(1);
    expect([...buyer.errors, ...ayse.errors]).toEqual([]);
  } catch (error) {
    await shown(buyer.page, 'buyer');
    await shown(ayse.page, 'Ayşe');
    throw error;
  } finally {
    await buyer.context.close();
    await ayse.context.close();
  }
}

describe.skipIf(skipBrowser)('journey: a request for quotation in Turkish', () => {
  const browser = useBrowser();
  const targets: Array<'PGlite' | 'PostgreSQL'> = ['PGlite', ...(process.env.CRASH_DATABASE_URL ? ['PostgreSQL' as const] : [])];

  it.each(targets)(
    'on %s: posted offline, sent on reconnect, quoted by two suppliers, compared and accepted: both sides see the quoted price and total',
    async (target) => {
      if (target === 'PGlite') return journey(browser.browser, e2e.baseUrl);
      // A server of its own on a database of its own beside CRASH_DATABASE_URL's (the suite's server keeps PGlite).
      const admin = new pg.Client({ connectionString: process.env.CRASH_DATABASE_URL });
      await admin.connect();
      const name = `quotes_tr_${Date.now()}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.CRASH_DATABASE_URL!);
      url.pathname = `/${name}`;
      const server = await ownServer({ env: { DATABASE_URL: url.toString() } }).catch(async (error) => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
        throw error;
      });
      try {
        await journey(browser.browser, server.url);
      } finally {
        await server.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    420_000,
  );
});
