import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CURRENCY_CODES, DEFAULT_CURRENCY } from '@/shared/currency';
import type { Language } from '@/shared/constants';
import type { RenderInput, RenderOutput } from '@/entry-server';

/**
 * The server's render of a landing page with the app's own components
 * (docs/operations.md#pages-for-search-engines-and-link-previews): the bundle `vite build --ssr`
 * makes (src/entry-server.tsx) renders the page; what it asks for and lacks is fetched as a
 * guest's request gets it from the API (same routes, same caches), and it renders again with
 * those answers. The page embeds them, and the browser hydrates from the same ones.
 */
interface ServerBundle {
  prepare(pathname: string, language: Language): Promise<void>;
  render(input: RenderInput): RenderOutput;
}

/** The data of a page's first render, as the SSR entry takes it (the same on both sides). */
type FirstRender = RenderInput['render'];

export interface Rendered {
  html: string;
  data: FirstRender;
  /** The screen's stylesheets and chunks, linked in the page's head. */
  assets: ScreenAssets;
  /** Milliseconds the render kept this process busy: its passes and the answers they asked for. */
  busyMs: number;
}

/** At most this many renders per page: each may ask for answers the one before could not know of. */
const PASSES = 3;

/** The visitor's currency from the `currency` cookie the app sets with the guest's choice (src/queries/rates.ts), else USD. */
export function visitorCurrency(request: FastifyRequest): string {
  const match = /(?:^|;\s*)currency=([A-Z]{3})(?:;|$)/.exec(request.headers.cookie ?? '');
  return match && CURRENCY_CODES.includes(match[1]) ? match[1] : DEFAULT_CURRENCY;
}

/** The bundle in `distDir`, or null when the build has none (then pages keep index.html's frame). */
export async function loadServerRender(app: FastifyInstance, distDir: string) {
  const file = path.join(distDir, '.server', 'entry-server.js');
  if (!existsSync(file)) return null;
  const bundle = (await import(pathToFileURL(file).href)) as ServerBundle;
  const assetsOf = screenAssets(distDir);

  async function answer(url: string, language: Language = 'en'): Promise<unknown> {
    // As the app asks: in its language (categories and banners answer in it).
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
    return res.statusCode === 200 ? res.json() : null;
  }

  async function rates(currency: string): Promise<Record<string, number> | null> {
    if (currency === DEFAULT_CURRENCY) return null;
    const body = (await answer('/api/rates/latest/USD/')) as { conversion_rates?: Record<string, number> } | null;
    return body?.conversion_rates ?? null;
  }

  return async function render(pathname: string, search: string, language: Language, currency: string): Promise<Rendered> {
    await bundle.prepare(pathname, language);
    const data: FirstRender = { language, currency, rates: await rates(currency), answers: {}, renderedAt: Date.now() };
    let html = '';
    const started = performance.now();
    for (let pass = 0; pass < PASSES; pass++) {
      const out = bundle.render({ pathname, search, render: data });
      html = out.html;
      if (out.wanted.length === 0) break;
      const found = await Promise.all(out.wanted.map((url) => answer(url, language)));
      out.wanted.forEach((url, i) => {
        data.answers[url] = found[i];
      });
    }
    return { html, data, assets: assetsOf(pathname), busyMs: performance.now() - started };
  };
}

export type ServerRender = NonNullable<Awaited<ReturnType<typeof loadServerRender>>>;

/** The screens of the landing pages (src/app/routes.tsx), by path: their chunks are not in the entry script. */
const SCREENS: Array<[RegExp, string]> = [
  [/^\/products\/\d+\/?$/, 'src/screens/products/ProductDetailScreen.tsx'],
  [/^\/category\/[^/]+\/[^/]+\/?$/, 'src/screens/listings/CategoryScreen.tsx'],
  [/^\/search(\/[^/]*)?\/?$/, 'src/screens/listings/SearchScreen.tsx'],
  [/^\/flash-deals\/?$/, 'src/screens/listings/FlashDealsScreen.tsx'],
  [/^\/new-arrivals\/?$/, 'src/screens/listings/NewArrivalsScreen.tsx'],
  [/^\/users\/\d+\/?$/, 'src/screens/users/SellerScreen.tsx'],
];

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export interface ScreenAssets {
  stylesheets: string[];
  scripts: string[];
}

/**
 * The stylesheets and chunks of a landing page's screen, from the build's manifest
 * (dist/.vite/manifest.json): the page links its stylesheets in its head, so the server's markup
 * is styled from the first paint (no layout shift when the screen's chunk comes), and preloads
 * its chunks for the hydration. The entry's own stylesheet is inline in index.html already.
 */
export function screenAssets(distDir: string): (pathname: string) => ScreenAssets {
  const file = path.join(distDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  return (pathname) => {
    const source = SCREENS.find(([pattern]) => pattern.test(pathname))?.[1];
    const stylesheets = new Set<string>();
    const scripts = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || scripts.has(`/${chunk.file}`)) return;
      scripts.add(`/${chunk.file}`);
      for (const css of chunk.css ?? []) stylesheets.add(`/${css}`);
      for (const next of chunk.imports ?? []) visit(next);
    };
    if (source) visit(source);
    return { stylesheets: [...stylesheets], scripts: [...scripts] };
  };
}
