import { chromium } from 'playwright-core';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const seeded = Number(process.env.SEEDED);
let stalls = 0;
const LOOKS = [['tr','light',390],['tr','dark',390],['en','light',1280],['en','dark',1280]];
for (let i = 0; i < Number(process.env.N || 5); i++) {
  const ctx = await browser.newContext({ baseURL: base, reducedMotion: 'reduce', timezoneId: 'UTC', serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const logs = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.clock.install({ time: seeded + 1000 });
  await page.goto('/login');
  for (const [language, theme, width] of LOOKS) {
    await page.setViewportSize({ width, height: 844 });
    await page.evaluate(([l, t]) => { localStorage.setItem('language', l); localStorage.setItem('theme', t); }, [language, theme]);
    const t0 = Date.now();
    await page.goto('/');
    try {
      await page.getByTestId('product-card').first().waitFor({ timeout: 20000 });
      await page.locator('.home__banner .carousel').waitFor({ timeout: 20000 });
      await page.getByTestId('splash').waitFor({ state: 'hidden', timeout: 20000 });
      console.log(i, language, theme, 'ok', Date.now() - t0);
    } catch (e) {
      stalls++;
      console.log(i, language, theme, 'STALL', e.message.split('\n')[0]);
      console.log(logs.slice(-30).join('\n'));
      console.log(await page.evaluate(() => document.body.innerHTML.slice(0, 800)));
      break;
    }
    await page.goto('/category/3/Electronics?ordering=price');
    await page.getByTestId('product-card').first().waitFor({ timeout: 20000 }).catch(() => console.log('category stall'));
  }
  await ctx.close();
}
console.log('stalls', stalls);
await browser.close();
