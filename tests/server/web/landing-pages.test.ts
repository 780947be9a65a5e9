import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createProduct, firstCategoryId } from '../fixtures/catalogue';
import { createUser, startTestApp, type TestApp, type TestUser } from '../helpers';
import { HOME_FIRST_ANSWERS } from '@/queries/home';

/** index.html as the build writes it: the title and description the server replaces, the app's shell. */
const INDEX = `<!doctype html>
<html lang="en" data-theme="dark">
  <head>
    <title>Marketplace — Connecting Markets</title>
    <meta name="description" content="Buy and sell products." />
    <script>document.documentElement.dataset.ready = '1';</script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-abc.js">
  </head>
  <body><div id="root"><div class="app"><header class="navbar">Marketplace</header><div class="spinner"></div></div></div><noscript>This marketplace needs JavaScript to run.</noscript></body>
</html>`;

/** What a crawler or a link preview reads: the HTML, no script run. */
const metaContent = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
function jsonLd(html: string): Record<string, any> {
  const found = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  return found ? JSON.parse(found[1]) : {};
}

describe('pages for search engines and link previews (docs/operations.md)', () => {
  let t: TestApp;
  let supplier: TestUser;
  let product: { id: number; name: string; thumbnail_url: string };

  beforeAll(async () => {
    const dist = path.join(await mkdtemp(path.join(inject('tmpDir'), 'landing-')), 'dist');
    await mkdir(dist, { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    t = await startTestApp({ publicUrl: 'https://market.example' }, { web: { distDir: dist } });
    supplier = await createUser(t, { type: 'SUPPLIER' });
    product = await createProduct(t, supplier, {
      name: 'Shea Butter <Grade A> & "Raw"',
      description: 'Raw unrefined shea butter from northern Nigeria.',
      min_price: '12.50',
      max_price: '20.00',
    });
  });
  afterAll(() => t.close());

  it('a product URL fetched without script shows its name, price and picture, and its link preview', async () => {
    const res = await fetch(`${t.baseUrl}/products/${product.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const escapedName = 'Shea Butter &lt;Grade A&gt; &amp; &quot;Raw&quot;';
    expect(html).toContain(`<title>${escapedName} · Marketplace</title>`);
    // The content a browser without script shows, in the app's frame where its screen will be.
    const content =
      /<header class="navbar">Marketplace<\/header><noscript>([\s\S]*?)<\/noscript><div class="spinner">/.exec(html)?.[1] ?? '';
    expect(content).toContain(`<h1>${escapedName}</h1>`);
    expect(content).toContain('$12.50 ~ $20.00');
    expect(content).toContain(`<img src="${product.thumbnail_url}?w=800"`);
    // Open Graph and Twitter cards: name, price and picture, as absolute URLs.
    expect(metaContent(html, 'og:title')).toBe(escapedName);
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:image')).toBe(`https://market.example${product.thumbnail_url}`);
    expect(metaContent(html, 'og:url')).toBe(`https://market.example/products/${product.id}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'product:price:amount')).toBe('12.50');
    expect(metaContent(html, 'description')).toBe('Raw unrefined shea butter from northern Nigeria.');
    expect(html).toContain(`<link rel="canonical" href="https://market.example/products/${product.id}" />`);
    for (const language of ['fr', 'tr'])
      expect(html).toContain(
        `<link rel="alternate" hreflang="${language}" href="https://market.example/products/${product.id}?lang=${language}" />`,
      );
    // schema.org Product: the price range, availability and (none yet) rating.
    const data = jsonLd(html);
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe('Shea Butter <Grade A> & "Raw"');
    expect(data.offers).toMatchObject({
      lowPrice: '12.50',
      highPrice: '20.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    expect(data.aggregateRating).toBeUndefined();
    // The app's own shell and inline script are left as they are (the CSP hashes them).
    expect(html).toContain(`<script>document.documentElement.dataset.ready = '1';</script>`);
    expect(html).toContain('<noscript>This marketplace needs JavaScript to run.</noscript>');
  });

  it('speaks the language of ?lang=, and follows a change of the catalogue', async () => {
    const before = await (await fetch(`${t.baseUrl}/products/${product.id}?lang=fr`)).text();
    expect(before).toContain('<html lang="fr"');
    expect(before).toContain('12,50');
    expect(metaContent(before, 'og:locale')).toBe('fr_FR');
    expect(before).toContain(`<link rel="canonical" href="https://market.example/products/${product.id}?lang=fr" />`);
    await t.db.updateTable('products').set({ name: 'Karité brut' }).where('id', '=', product.id).execute();
    const after = await (await fetch(`${t.baseUrl}/products/${product.id}?lang=fr`)).text();
    expect(after).toContain('<title>Karité brut · Marketplace</title>');
    await t.db.updateTable('products').set({ name: product.name }).where('id', '=', product.id).execute();
  });

  it('gives each landing page its own title, and unknown items noindex', async () => {
    const category = await firstCategoryId(t);
    const titles: Record<string, RegExp> = {
      '/': /<title>Marketplace — Welcome to Connecting Markets<\/title>/,
      '/flash-deals': /<title>Flash deals · Marketplace<\/title>/,
      '/new-arrivals': /<title>New arrivals · Marketplace<\/title>/,
      '/search/shea': /<title>Results for “shea” · Marketplace<\/title>/,
      [`/users/${supplier.user.id}`]: /<title>Company \d+ · Marketplace<\/title>/,
      [`/category/${category}/x`]: /<title>[^<]+ · Marketplace<\/title>/,
    };
    for (const [url, title] of Object.entries(titles)) {
      const html = await (await fetch(`${t.baseUrl}${url}`)).text();
      expect(html, url).toMatch(title);
      expect(html, url).toContain('<link rel="canonical"');
    }
    const listing = await (await fetch(`${t.baseUrl}/new-arrivals`)).text();
    expect(listing).toContain(`<a href="/products/${product.id}">`);
    expect(jsonLd(listing)['@type']).toBe('ItemList');
    const missing = await fetch(`${t.baseUrl}/products/999999`);
    expect(missing.status).toBe(200); // the app still opens it: the device may hold it
    expect(await missing.text()).toContain('<meta name="robots" content="noindex" />');
    // Other app routes keep index.html as it is.
    expect(await (await fetch(`${t.baseUrl}/login`)).text()).toBe(INDEX);
  });

  it("renders a page with the app's server bundle, fetching what it asks for and embedding those answers", async () => {
    // A stand-in for `vite build --ssr`'s bundle (src/entry-server.tsx), with the same contract:
    // it asks for the home's first list, then renders with it.
    const dist = path.join(await mkdtemp(path.join(inject('tmpDir'), 'rendered-')), 'dist');
    await mkdir(path.join(dist, '.server'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    const url = HOME_FIRST_ANSWERS[0];
    await writeFile(
      path.join(dist, '.server', 'entry-server.js'),
      `export async function prepare() {}
       export function render({ render }) {
         const answer = render.answers[${JSON.stringify(url)}];
         if (answer === undefined) return { html: '', wanted: [${JSON.stringify(url)}] };
         return { html: '<main><h1>' + render.language + ' ' + render.currency + ' ' + answer.count + '</h1></main>', wanted: [] };
       }`,
    );
    const app = await startTestApp({ publicUrl: 'https://market.example' }, { web: { distDir: dist } });
    try {
      const html = await (await fetch(`${app.baseUrl}/`)).text();
      const api = await (await fetch(`${app.baseUrl}${url}`)).json();
      expect(html).toContain(`<div id="root" data-ssr="en"><main><h1>en USD ${api.count}</h1></main></div>`);
      const block = /<script type="application\/json" id="first-render">([^<]*)<\/script>/.exec(html);
      const data = JSON.parse(block?.[1] ?? '{}');
      // The clock the page was rendered at: the client's first render reads it, so a countdown hydrates as rendered.
      const before = Date.now();
      expect(data).toEqual({ language: 'en', currency: 'USD', rates: null, answers: { [url]: api }, renderedAt: expect.any(Number) });
      expect(data.renderedAt).toBeLessThanOrEqual(before);
      expect(data.renderedAt).toBeGreaterThan(before - 60_000);
      // After the page's markup, so a slow link shows the markup first; the page itself stands in for "needs JavaScript".
      expect(html.indexOf('id="first-render"')).toBeGreaterThan(html.indexOf('data-ssr="en"'));
      expect(html).not.toContain('This marketplace needs JavaScript to run.');
      // Its scripts are not in the head: index.html's loader asks for them once the page has painted.
      expect(html).toContain('<html lang="en" data-after-paint');
      expect(html).not.toContain('<script type="module"');
      expect(html).not.toContain('rel="modulepreload"');
      const scripts = JSON.parse(/<script type="application\/json" id="after-paint">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}');
      expect(scripts).toEqual({ entry: '/assets/index-abc.js', preload: ['/assets/runtime-abc.js'] });
      expect(html.indexOf('id="after-paint"')).toBeGreaterThan(html.indexOf('data-ssr="en"'));
      // The visitor's currency and language from the cookies the app sets, with the rates it rendered with.
      const chosen = await (await fetch(`${app.baseUrl}/`, { headers: { cookie: 'language=fr; currency=NGN' } })).text();
      expect(chosen).toContain(`<div id="root" data-ssr="fr"><main><h1>fr NGN ${api.count}</h1></main></div>`);
      const chosenData = JSON.parse(/id="first-render">([^<]*)</.exec(chosen)?.[1] ?? '{}');
      expect(chosenData.rates.NGN).toBeGreaterThan(1);
      // A cookie naming no currency we sell in is the default.
      expect(await (await fetch(`${app.baseUrl}/`, { headers: { cookie: 'currency=XYZ' } })).text()).toContain('en USD');
      // Other app routes keep index.html as it is.
      expect(await (await fetch(`${app.baseUrl}/login`)).text()).toBe(INDEX);
    } finally {
      await app.close();
    }
  });

  it('renders two pages at once at most: a burst of uncached URLs gets the head without the body, which is not kept', async () => {
    // A slow stand-in bundle: each render holds its slot for a while.
    const dist = path.join(await mkdtemp(path.join(inject('tmpDir'), 'rendered-')), 'dist');
    await mkdir(path.join(dist, '.server'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, '.server', 'entry-server.js'),
      `export async function prepare() { await new Promise((done) => setTimeout(done, 1500)); }
       export function render({ search }) { return { html: '<main><h1>rendered ' + search + '</h1></main>', wanted: [] }; }`,
    );
    const app = await startTestApp({ publicUrl: 'https://market.example' }, { web: { distDir: dist } });
    try {
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map(async (n) => {
          const res = await fetch(`${app.baseUrl}/?visit=${n}`);
          return { status: res.status, html: await res.text() };
        }),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      const rendered = answers.filter((a) => a.html.includes('data-ssr="en"'));
      expect(rendered).toHaveLength(2);
      // The others still carry their page's head.
      for (const plain of answers.filter((a) => !a.html.includes('data-ssr'))) {
        expect(plain.html).toContain('<link rel="canonical" href="https://market.example/"');
      }
      // A page that went out plain was not kept: asked again with a slot free, it is rendered.
      const plainVisit = [1, 2, 3, 4, 5].find((n) => !answers[n - 1].html.includes('data-ssr')) as number;
      const again = await (await fetch(`${app.baseUrl}/?visit=${plainVisit}`)).text();
      expect(again).toContain(`<h1>rendered ?visit=${plainVisit}</h1>`);
    } finally {
      await app.close();
    }
  });

  it('renders that kept the server busy past a second are paid back first: meanwhile pages go out with their head only', async () => {
    // A stand-in bundle whose render holds the thread for 1.2 s.
    const dist = path.join(await mkdtemp(path.join(inject('tmpDir'), 'rendered-')), 'dist');
    await mkdir(path.join(dist, '.server'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, '.server', 'entry-server.js'),
      `export async function prepare() {}
       export function render({ search }) {
         const until = Date.now() + 1200;
         while (Date.now() < until);
         return { html: '<main><h1>rendered ' + search + '</h1></main>', wanted: [] };
       }`,
    );
    const app = await startTestApp({ publicUrl: 'https://market.example' }, { web: { distDir: dist } });
    try {
      const page = async (n: number) => (await fetch(`${app.baseUrl}/?rest=${n}`)).text();
      expect(await page(1)).toContain('<h1>rendered ?rest=1</h1>');
      const resting = await page(2);
      expect(resting).not.toContain('data-ssr');
      expect(resting).toContain('<link rel="canonical" href="https://market.example/"');
      // 0.2 s over the burst, paid back at half the clock.
      await new Promise((done) => setTimeout(done, 700));
      expect(await page(2)).toContain('<h1>rendered ?rest=2</h1>');
    } finally {
      await app.close();
    }
  });

  it('lists the catalogue in a sitemap index, and robots.txt points at it', async () => {
    const robots = await (await fetch(`${t.baseUrl}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: https://market.example/sitemap.xml');
    expect(robots).toContain('Disallow: /api/');
    const index = await fetch(`${t.baseUrl}/sitemap.xml`);
    expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
    const indexXml = await index.text();
    expect(indexXml).toContain('<loc>https://market.example/sitemaps/pages.xml</loc>');
    expect(indexXml).toContain('<loc>https://market.example/sitemaps/products-1.xml</loc>');
    const products = await (await fetch(`${t.baseUrl}/sitemaps/products-1.xml`)).text();
    expect(products).toContain(`<loc>https://market.example/products/${product.id}</loc>`);
    expect(products).toContain(`hreflang="tr" href="https://market.example/products/${product.id}?lang=tr"`);
    const pages = await (await fetch(`${t.baseUrl}/sitemaps/pages.xml`)).text();
    expect(pages).toContain('<loc>https://market.example/flash-deals</loc>');
    expect(pages).toContain(`<loc>https://market.example/users/${supplier.user.id}</loc>`);
    expect((await fetch(`${t.baseUrl}/sitemaps/products-99.xml`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/sitemaps/products-x.xml`)).status).toBe(404);
  });

  it('without PUBLIC_URL, never writes a Host header a client sent into a page, robots.txt or a sitemap', async () => {
    const dist = path.join(await mkdtemp(path.join(inject('tmpDir'), 'landing-')), 'dist');
    await mkdir(dist, { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    const app = await startTestApp({ publicUrl: undefined }, { web: { distDir: dist } });
    try {
      const seller = await createUser(app, { type: 'SUPPLIER' });
      const listed = await createProduct(app, seller, { name: 'Dried hibiscus' });
      const get = (route: string) =>
        new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
          const target = new URL(route, app.baseUrl);
          const req = httpRequest(target, { headers: { host: 'evil.example' } }, (res) => {
            let body = '';
            res.on('data', (chunk) => {
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          });
          req.on('error', reject);
          req.end();
        });
      const page = await get(`/products/${listed.id}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>Dried hibiscus · Marketplace</title>');
      expect(page.body).not.toContain('evil.example');
      // Relative where a relative URL is allowed; absent where only an absolute one is.
      expect(page.body).toContain(`<link rel="canonical" href="/products/${listed.id}" />`);
      expect(metaContent(page.body, 'og:url')).toBeUndefined();
      const robots = await get('/robots.txt');
      expect(robots.body).not.toContain('evil.example');
      expect(robots.body).not.toContain('Sitemap:');
      const sitemap = await get('/sitemap.xml');
      expect(sitemap.status).toBe(404);
      expect(sitemap.body).not.toContain('evil.example');
      expect((await get('/sitemaps/products-1.xml')).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
