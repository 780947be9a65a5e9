import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CURRENCY_CODES, DEFAULT_CURRENCY } from '@/shared/currency';
import type { Language } from '@/shared/constants';
import type { FirstRender } from '@/sync/firstRender';

/**
 * The server's render of a landing page with the app's own components
 * (docs/operations.md#pages-for-search-engines-and-link-previews): the bundle `vite build --ssr`
 * makes (src/entry-server.tsx) renders the page; what it asks for and lacks is fetched as a
 * guest's request gets it from the API (same routes, same caches), and it renders again with
 * those answers. The page embeds them, and the browser hydrates from the same ones.
 */
interface ServerBundle {
  prepare(pathname: string, language: Language): Promise<void>;
  render(input: { pathname: string; search: string; render: FirstRender }): { html: string; wanted: string[] };
}

export interface Rendered {
  html: string;
  data: FirstRender;
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
    const data: FirstRender = { language, currency, rates: await rates(currency), answers: {} };
    let html = '';
    for (let pass = 0; pass < PASSES; pass++) {
      const out = bundle.render({ pathname, search, render: data });
      html = out.html;
      if (out.wanted.length === 0) break;
      const found = await Promise.all(out.wanted.map((url) => answer(url, language)));
      out.wanted.forEach((url, i) => {
        data.answers[url] = found[i];
      });
    }
    return { html, data };
  };
}

export type ServerRender = NonNullable<Awaited<ReturnType<typeof loadServerRender>>>;
