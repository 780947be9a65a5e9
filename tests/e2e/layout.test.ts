import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chatBubble, DEMO_BUYER, demoProduct, signInAsDemo, skipBrowser, startChat, useBrowser } from './helpers';

/**
 * Layout checks of the key screens on a 360 px phone in Turkish (the longest strings) and at
 * 1280 px, in both themes: rules a broken layout breaks, not pixel comparisons (fonts and
 * pictures differ between machines). Set LAYOUT_SHOTS_DIR to keep a screenshot of each screen.
 */

type Theme = 'light' | 'dark';

/** What the page shows that a phone user would call broken; empty when the layout holds. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    // Inside a box that scrolls or clips sideways (a carousel, a related-products row), wide is by design.
    const inClippingBox = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX)) return true;
      }
      return false;
    };
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const el of document.querySelectorAll('body *')) {
      if (!shown(el)) continue;
      const box = el.getBoundingClientRect();
      if ((box.right > width + 1 || box.left < -1) && !inClippingBox(el)) problems.push(`wider than the screen: ${name(el)}`);
    }
    // A control's label that spills out of it ("Hemen satın al" in a 120 px button).
    for (const el of document.querySelectorAll('button, a.button, select')) {
      if (shown(el) && el.scrollWidth > el.clientWidth + 1) problems.push(`label overflows its control: ${name(el)}`);
    }
    // Words cut across two lines: a product name ("Monocrystallin|e") or a price ("$142,5|0").
    const splitWords = (el: Element) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) problems.push(`"${match[0]}" is cut across lines in ${name(el)}`);
        }
      }
    };
    for (const el of document.querySelectorAll(
      '.product-card__name, .product-card__price, .product-detail__price, .product-detail__name',
    )) {
      if (shown(el)) splitWords(el);
    }
    // Texts that must show whole: the greeting, the tab bar's labels, the banner's title, the sort choice.
    for (const el of document.querySelectorAll('.profile-button__greeting, .tab__label, .carousel__caption, .conversation__time')) {
      if (shown(el) && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
        problems.push(`cut short: ${name(el)}`);
    }
    // Buttons big enough to hit (WCAG 2.5.8: at least 24 × 24 px).
    for (const el of document.querySelectorAll('main button, main a.button, .navbar button, .tab-bar a')) {
      if (!shown(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 24 || box.height < 24)
        problems.push(`too small to tap (${Math.round(box.width)}×${Math.round(box.height)}): ${name(el)}`);
    }
    return problems;
  });
}

async function chooseLook(page: Page, language: 'en' | 'tr', theme: Theme) {
  await page.evaluate(
    ([l, t]) => {
      localStorage.setItem('language', l);
      localStorage.setItem('theme', t);
    },
    [language, theme] as const,
  );
}

async function check(page: Page, label: string, ready: () => Promise<unknown>) {
  await ready();
  // Fonts and the pictures on screen settle the layout (the sync engine keeps the network busy, so no "network idle").
  await page.evaluate(() => document.fonts.ready);
  await page
    .waitForFunction(() => [...document.images].filter((i) => i.loading !== 'lazy').every((i) => i.complete), undefined, { timeout: 5000 })
    .catch(() => undefined);
  const dir = process.env.LAYOUT_SHOTS_DIR;
  if (dir) {
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${label}.png`) });
  }
  expect(await layoutProblems(page), label).toEqual([]);
}

describe.skipIf(skipBrowser)('layout on a phone and a desktop (browser)', () => {
  const browser = useBrowser();

  it('a guest on a 360 px phone in Turkish: home, a sorted listing, a product, sign-in, in both themes', async () => {
    const { page } = browser;
    const product = await demoProduct();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/login');
    for (const theme of ['light', 'dark'] as const) {
      await chooseLook(page, 'tr', theme);
      await page.goto('/');
      await check(page, `guest-home-tr-${theme}-360`, () => page.getByTestId('product-card').first().waitFor());
      await page.goto('/flash-deals?ordering=-price');
      await check(page, `guest-flash-deals-tr-${theme}-360`, () => page.getByTestId('product-card').first().waitFor());
      await page.goto(`/products/${product.id}`);
      await check(page, `guest-product-tr-${theme}-360`, () => page.getByRole('heading', { level: 1, name: product.name }).waitFor());
      await page.goto('/login');
      await check(page, `guest-login-tr-${theme}-360`, () => page.locator('main form').first().waitFor());
    }
  }, 120_000);

  it('a buyer on a 360 px phone in Turkish: home, a product, the chat list, a conversation and the profile', async () => {
    const { page } = browser;
    const product = await demoProduct();
    await signInAsDemo(page, DEMO_BUYER);
    const conversation = await startChat(page, product.id);
    await page.getByLabel('Message', { exact: true }).fill('Can you deliver 40 units to Kano before the end of the month?');
    await page.keyboard.press('Enter');
    await chatBubble(page, 'Can you deliver 40 units').waitFor();
    await page.setViewportSize({ width: 360, height: 780 });
    for (const theme of ['light', 'dark'] as const) {
      await chooseLook(page, 'tr', theme);
      await page.goto('/');
      await check(page, `buyer-home-tr-${theme}-360`, () => page.getByTestId('product-card').first().waitFor());
      await page.goto(`/products/${product.id}`);
      await check(page, `buyer-product-tr-${theme}-360`, () => page.getByRole('heading', { level: 1, name: product.name }).waitFor());
      await page.goto('/chat/all');
      await check(page, `buyer-chats-tr-${theme}-360`, () => page.locator(`a[href="/chat/${conversation}"]`).waitFor());
      await page.goto(`/chat/${conversation}`);
      await check(page, `buyer-chat-tr-${theme}-360`, () => page.getByRole('log').waitFor());
      await page.goto('/profile');
      await check(page, `buyer-profile-tr-${theme}-360`, () => page.getByRole('tablist').waitFor());
    }
  }, 150_000);

  it('at 1280 px in English: home, a product and the chat, in both themes', async () => {
    const { page } = browser;
    const product = await demoProduct();
    await signInAsDemo(page, DEMO_BUYER);
    for (const theme of ['light', 'dark'] as const) {
      await chooseLook(page, 'en', theme);
      await page.goto('/');
      await check(page, `buyer-home-en-${theme}-1280`, () => page.getByTestId('product-card').first().waitFor());
      await page.goto(`/products/${product.id}`);
      await check(page, `buyer-product-en-${theme}-1280`, () => page.getByRole('heading', { level: 1, name: product.name }).waitFor());
      await page.goto('/chat/all');
      await check(page, `buyer-chats-en-${theme}-1280`, () => page.getByRole('heading', { level: 1 }).waitFor());
    }
  }, 120_000);
});
