import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { cameraPhoto } from '../camera-photo';
import { startCuttingProxy, type CuttingProxy } from '../cutting-proxy';
import { DEMO_SUPPLIER_EMAIL } from '@server/seed/data';
import { DEMO_BUYER, apiGet, apiLogin, chatBubble, e2e, signInAsDemo, skipBrowser, startChat, useBrowser, waitOutSplash } from './helpers';

/**
 * Chat files on a weak link: a 20 MB file goes through /api/uploads/ (tus) and survives
 * connections cut mid-transfer and a reload, arriving once without being sent again from
 * zero. The browser reaches the app through a local proxy (tests/cutting-proxy.ts) that
 * counts the bytes it sends and cuts the connection at chosen points.
 */

const SIZE = 20 * 1024 * 1024;

/** A whole PDF of `size` bytes (the server checks that it ends as a PDF does). */
function pdfOf(size: number, fill: number) {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, fill), tail]);
}

interface ApiMessage {
  text: string;
  image_url: string | null;
  file_name?: string | null;
}

async function buyerToken(): Promise<string> {
  const login = await fetch(`${e2e.baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_BUYER.email, password: DEMO_BUYER.password }),
  });
  return ((await login.json()) as { access: string }).access;
}

/** The conversation's messages with this text, as the server holds them, once one carries a file. */
async function arrived(conversation: number, text: string, timeoutMs = 90_000): Promise<ApiMessage[]> {
  const token = await buyerToken();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${e2e.baseUrl}/api/conversations/${conversation}/messages/?limit=500`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const found = ((await response.json()) as { results: ApiMessage[] }).results.filter((m) => m.text === text);
    if (found.some((m) => m.image_url) || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function storedSize(url: string): Promise<number> {
  const response = await fetch(new URL(url, e2e.baseUrl), { method: 'HEAD' });
  return Number(response.headers.get('content-length'));
}

describe.skipIf(skipBrowser)('chat files on a weak link (browser)', () => {
  const browser = useBrowser();
  let proxy: CuttingProxy;
  let context: BrowserContext;
  beforeAll(async () => {
    proxy = await startCuttingProxy(e2e.baseUrl);
  });
  afterAll(async () => proxy?.close());
  let lines: string[] = [];
  /** The product a test made as the demo supplier, taken away after it: other suites talk about that supplier's newest products. */
  let madeProduct: number | null = null;

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') console.log(`--- the page's console and requests ---\n${lines.slice(-60).join('\n')}`);
    await context?.close();
    if (madeProduct !== null) {
      const supplier = await apiLogin(DEMO_SUPPLIER_EMAIL);
      await fetch(`${e2e.baseUrl}/api/products/${madeProduct}/`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${supplier.token}` },
      });
      madeProduct = null;
    }
  });

  /** The demo buyer in a chat about a demo product, with the app reached through the proxy. */
  /**
   * A product of a supplier other than the demo one, so these uploads have a conversation of
   * their own: the chat journey talks with the demo supplier about its newest product, which
   * the gallery test below may have just created.
   */
  async function otherSuppliersProduct() {
    const demoSupplier = await apiLogin(DEMO_SUPPLIER_EMAIL);
    const { results } = await apiGet<{ results: Array<{ id: number; thumbnail_url: string | null; supplier: { id: number } }> }>(
      '/api/products/?limit=50',
    );
    const product = results.find((p) => p.thumbnail_url && p.supplier.id !== demoSupplier.id);
    if (!product) throw new Error('The demo catalogue needs a product with a picture from another supplier');
    return product;
  }

  async function openChat() {
    context = await browser.browser.newContext({ baseURL: proxy.url, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(40_000);
    waitOutSplash(context);
    const page = await context.newPage();
    lines = [];
    page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`));
    page.on('requestfailed', (request) => lines.push(`failed (${request.failure()?.errorText}): ${request.method()} ${request.url()}`));
    page.on('response', (response) => {
      if (response.url().includes('/api/uploads/') || response.status() >= 400)
        lines.push(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    await signInAsDemo(page, DEMO_BUYER);
    return { page, conversation: await startChat(page, (await otherSuppliersProduct()).id) };
  }

  it('a 20 MB file through a link cut twice mid-transfer arrives once, with at most 1.2× its size sent', { timeout: 180_000 }, async () => {
    const { page, conversation } = await openChat();
    const text = `Price list ${Date.now()}`;
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page
      .getByLabel('Attach a file')
      .setInputFiles({ name: 'price-list.pdf', mimeType: 'application/pdf', buffer: pdfOf(SIZE, 0x41) });
    proxy.reset();
    proxy.cutAt([Math.round(SIZE * 0.3), Math.round(SIZE * 0.65)]);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const found = await arrived(conversation, text);
    expect(found).toHaveLength(1);
    expect(proxy.cutsLeft).toBe(0);
    expect(await storedSize(found[0].image_url!)).toBe(SIZE);
    expect(proxy.sent).toBeLessThanOrEqual(SIZE * 1.2);
    // Both sides see the file by the name it had on the sender's device, not its stored hash.
    expect(found[0].file_name).toBe('price-list.pdf');
    await chatBubble(page, text).getByRole('link', { name: 'price-list.pdf' }).waitFor({ timeout: 30_000 });
  });

  it("a product's gallery picture over 1 MB goes through the resumable uploads across a cut link, with progress, and lands in the gallery", {
    timeout: 180_000,
  }, async () => {
    context = await browser.browser.newContext({ baseURL: proxy.url, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(40_000);
    waitOutSplash(context);
    const page = await context.newPage();
    lines = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/uploads/') || response.url().includes('/api/products/'))
        lines.push(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    await signInAsDemo(page, { email: DEMO_SUPPLIER_EMAIL, firstName: 'Adebayo' });
    // Noise does not compress: a still GIF of about 2 MB, which the device sends as it is.
    const side = 2000;
    const noise = Buffer.alloc(side * side * 3);
    let x = 2463534242;
    for (let i = 0; i < noise.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      noise[i] = x & 0xff;
    }
    const gif = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .gif()
      .toBuffer();
    expect(gif.length).toBeGreaterThan(1024 * 1024);
    const name = `Woven basket ${Date.now()}`;
    await page.goto('/products/add');
    await page.getByLabel('Product name').fill(name);
    await page.getByLabel('Description').fill('Raffia basket, 40 cm.');
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByLabel('Minimum price (USD)').fill('8');
    await page.getByLabel('Maximum price (USD)').fill('12');
    await page.getByLabel('Quantity in stock').fill('30');
    await page.getByLabel('Minimum order quantity').fill('2');
    await page.getByLabel('Thumbnail').setInputFiles({
      name: 'small.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a05a2c' } })
        .png()
        .toBuffer(),
    });
    await page.getByLabel('Gallery images or videos').setInputFiles({ name: 'basket.gif', mimeType: 'image/gif', buffer: gif });
    proxy.reset();
    proxy.cutAt([Math.round(gif.length * 0.5)]);
    await page.getByRole('button', { name: 'Add product', exact: true }).click();
    await page.getByText(/Uploading… \d+%/).waitFor();
    await page.waitForURL(/\/products\/\d+$/, { timeout: 90_000 });
    expect(proxy.cutsLeft).toBe(0);
    // Resumed, not sent again from zero, and not sent a second time with the form.
    expect(proxy.sent).toBeLessThanOrEqual(gif.length * 1.5);
    expect(lines.some((line) => /answer 200: PATCH .*\/api\/uploads\//.test(line))).toBe(true);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    madeProduct = id;
    const product = (await (await fetch(`${e2e.baseUrl}/api/products/${id}/`)).json()) as {
      name: string;
      images: Array<{ media_source_url: string }>;
    };
    expect(product.name).toBe(name);
    expect(product.images).toHaveLength(1);
    expect(await storedSize(product.images[0].media_source_url)).toBeGreaterThan(1024 * 1024);
  });

  it('an upload interrupted by a reload shows its progress, then carries on from where it was', { timeout: 180_000 }, async () => {
    const { page, conversation } = await openChat();
    const text = `Catalogue ${Date.now()}`;
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByLabel('Attach a file').setInputFiles({ name: 'catalogue.pdf', mimeType: 'application/pdf', buffer: pdfOf(SIZE, 0x42) });
    proxy.reset();
    // The link stalls with 40% through: the page is reloaded in the middle of the upload.
    proxy.holdAt(Math.round(SIZE * 0.4));
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => proxy.held, { timeout: 60_000 }).toBe(true);
    const progress = chatBubble(page, text).getByTestId('upload-progress');
    await expect.poll(async () => (await progress.textContent()) ?? '').toMatch(/^\d+\.\d MB of 20\.0 MB \([1-9]\d*%\)$/);
    await expect(chatBubble(page, text).getByRole('button', { name: 'Cancel' }).isVisible()).resolves.toBe(true);
    await page.reload();
    proxy.release();
    const found = await arrived(conversation, text);
    expect(found).toHaveLength(1);
    expect(await storedSize(found[0].image_url!)).toBe(SIZE);
    // Only the rest went after the reload, not the whole file again.
    expect(proxy.sent).toBeLessThanOrEqual(SIZE * 1.2);
    await chatBubble(page, text).waitFor();
  });

  it('a 12 MP camera photo is sent shrunk (≤ 600 KB), turned upright, without its location', { timeout: 180_000 }, async () => {
    const photo = await cameraPhoto();
    expect(photo.length).toBeGreaterThan(3_000_000);
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const { page, conversation } = await openChat();
    const text = `Photo ${Date.now()}`;
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByLabel('Attach a file').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
    proxy.reset();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const found = await arrived(conversation, text);
    expect(found).toHaveLength(1);
    const stored = Buffer.from(await (await fetch(new URL(found[0].image_url!, e2e.baseUrl))).arrayBuffer());
    expect(stored.length).toBeLessThanOrEqual(600 * 1024);
    expect(proxy.sent).toBeLessThan(photo.length / 4);
    const meta = await sharp(stored).metadata();
    // Upright: the camera's landscape pixels turned as its EXIF said, longest side 1600 px.
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif?.toString('latin1') ?? '').not.toContain('Phone');
    expect(meta.exif).toBeUndefined();
  });
});
