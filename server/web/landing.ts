import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '@/shared/constants';
import { prepareText, sendPrepared, type PreparedText } from '../lib/compression';
import { TIME_BOUND_TTL_MS, catalogueVersionReader, createReadGate } from '../services/catalogue/cache';
import { ApiError } from '../lib/errors';
import { landingPage, pageLanguage } from '../services/catalogue/landing-pages';
import type { SitemapEntry } from '../services/catalogue/sitemap';
import { escapeHtml, pageUrl, renderPage } from './page';
import { visitorCurrency, type ServerRender } from './render';
import { nextDealEnd } from '@/shared/prices';

/**
 * The HTML of the pages people land on, the sitemaps and robots.txt
 * (docs/operations.md#pages-for-search-engines-and-link-previews); the routes of the last two
 * are in server/routes/landing-pages.ts. Each answer is made once per
 * catalogue version (a catalogue write makes the next request build it again), compressed once,
 * and kept for the most recent MAX_ENTRIES URLs; flash deals and the sitemaps also expire with
 * time, as deals end.
 */
const MAX_ENTRIES = 500;

/**
 * Renders under way at once, at most. A render is CPU work on the server's one thread, and
 * uncached URLs (a fresh search, any query string) each need one: beyond this, the page goes
 * out with its head but without its rendered body (the app renders it, as on any other route),
 * and is not kept, so a flood of unique URLs cannot stall sign-ins (docs/operations.md).
 */
const MAX_RENDERS = 2;
const RENDER_BURST_MS = 1000;
const RENDER_SHARE = 0.5;

/** A page that found every render slot taken; its head is still worth sending. */
class RenderBusy extends Error {
  constructor(readonly page: string) {
    super('Every render slot is taken');
  }
}

interface Entry {
  version: string;
  expires: number;
  answer: Promise<PreparedText | null>;
}

/**
 * The site's origin for absolute URLs: PUBLIC_URL only, or '' when it is unset. Never the Host
 * header: a client's Host would be written into pages, robots.txt and sitemaps that caches keep
 * and serve to others. Without an origin, pages use relative URLs and leave out what must be
 * absolute (og:url, og:image, a sitemap).
 */
function originOf(request: FastifyRequest): string {
  return request.server.config.publicUrl?.replace(/\/+$/, '') ?? '';
}

/** The visitor's language: ?lang=, else the `language` cookie the app sets with the choice (src/app/i18n.ts), else English. */
function visitorLanguage(request: FastifyRequest) {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (asked !== undefined) return pageLanguage(asked);
  return pageLanguage(/(?:^|;\s*)language=([a-z]{2})(?:;|$)/.exec(request.headers.cookie ?? '')?.[1]);
}

/** `serverRender` renders the pages with the app's components; without it they keep index.html's frame. */
export function createLandingPages(app: FastifyInstance, indexHtml: string, serverRender: ServerRender | null = null) {
  const version = catalogueVersionReader(app.db);
  const entries = new Map<string, Entry>();
  // The reads behind the pages not yet kept go two at a time, with a short line behind: a
  // flood of unique URLs (each a database read) gets the app's own HTML once the line is
  // full, and cannot crowd out sign-ins and the API's reads (bench/attacks.ts).
  const reading = createReadGate(2, 20);
  let rendering = 0;
  // The time renders kept the process busy, paid back at RENDER_SHARE of the clock: a burst
  // of RENDER_BURST_MS goes through at once, and past it renders take about half the thread,
  // so sign-ins, API reads and health keep the rest. Loading a screen's code is not counted.
  let owed = 0;
  let owedAt = performance.now();
  const owedNow = () => Math.max(0, owed - (performance.now() - owedAt) * RENDER_SHARE);

  async function renderWithin(pathname: string, search: string, language: Language, currency: string, plain: () => string) {
    if (!serverRender) return undefined;
    if (rendering >= MAX_RENDERS || owedNow() > RENDER_BURST_MS) throw new RenderBusy(plain());
    rendering++;
    try {
      const rendered = await serverRender(pathname, search, language, currency);
      owed = owedNow() + rendered.busyMs;
      owedAt = performance.now();
      return rendered;
    } finally {
      rendering--;
    }
  }

  /** `make` may say when its page stops being true (a flash deal it shows ends): it is made again then. */
  async function cached(
    key: string,
    timeBound: boolean,
    make: (until: (ms: number | undefined) => void) => Promise<string | null>,
  ): Promise<PreparedText | null> {
    const now = Date.now();
    const current = await version();
    const hit = entries.get(key);
    entries.delete(key);
    if (hit && hit.version === current && hit.expires > now) {
      entries.set(key, hit);
      return hit.answer;
    }
    const entry: Entry = { version: current, expires: timeBound ? now + TIME_BOUND_TTL_MS : Infinity, answer: Promise.resolve(null) };
    const until = (ms: number | undefined) => {
      if (ms !== undefined) entry.expires = Math.min(entry.expires, ms);
    };
    const answer = make(until).then((text) => (text === null ? null : prepareText(text)));
    entry.answer = answer;
    entries.set(key, entry);
    answer.catch(() => entries.delete(key));
    while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    return answer;
  }

  /** A landing page's HTML, or null for the app's other routes (and when the page cannot be made). */
  async function page(request: FastifyRequest, pathname: string): Promise<PreparedText | null> {
    const origin = originOf(request);
    const language = visitorLanguage(request);
    const currency = visitorCurrency(request);
    // Sorting and filters are in the query string; ?lang= is the language, already in the key.
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    params.delete('lang');
    const search = params.size > 0 ? `?${params}` : '';
    const key = `page ${origin} ${language} ${currency} ${pathname}${search}`;
    try {
      return await cached(key, pathname === '/flash-deals' || pathname === '/', async (until) => {
        const absolute = (path: string) => (path.startsWith('/') ? `${origin}${path}` : path);
        const found = await reading(() => landingPage(app.db, pathname, language, absolute));
        if (!found) return null;
        // A deal's end changes the prices shown, and the render the app hydrates.
        until(nextDealEnd([...found.products, ...(found.product ? [found.product] : [])]));
        const where = { origin, pathname, language };
        const rendered =
          found.status === 200
            ? await renderWithin(pathname, search, language, currency, () => renderPage(indexHtml, found, where))
            : undefined;
        return renderPage(indexHtml, found, where, rendered);
      });
    } catch (error) {
      if (error instanceof RenderBusy) return prepareText(error.page);
      // Every reading slot and the line behind them are taken.
      if (error instanceof ApiError) return null;
      // The app's own HTML still works: the page's head is only lost for this answer.
      request.log.warn({ err: error }, 'could not make the landing page');
      return null;
    }
  }

  /** The sitemap of `entries`, each page in every language. */
  function urlset(origin: string, entries: SitemapEntry[]): string {
    const urls = entries.map(({ path, lastmod }) => {
      const alternates = LANGUAGES.map(
        (language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeHtml(pageUrl(origin, path, language))}"/>`,
      ).join('');
      return `<url><loc>${escapeHtml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>`;
    });
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  }

  /** The sitemap index: the fixed pages' sitemap, then `productSitemaps` of products. */
  function sitemapIndex(origin: string, productSitemaps: number): string {
    const maps = ['/sitemaps/pages.xml', ...Array.from({ length: productSitemaps }, (_, i) => `/sitemaps/products-${i + 1}.xml`)];
    const items = maps.map((path) => `<sitemap><loc>${escapeHtml(origin + path)}</loc></sitemap>`).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
  }

  /** An XML answer made by `make` for the request's origin, kept with the pages under `key`; null from `make` is a 404. */
  async function sendXml(request: FastifyRequest, reply: FastifyReply, key: string, make: (origin: string) => Promise<string | null>) {
    const origin = originOf(request);
    // A sitemap lists absolute URLs only: without PUBLIC_URL there is none to give.
    if (!origin) return reply.status(404).send({ detail: 'Not found.' });
    const prepared = await cached(`${key} ${origin}`, true, () => make(origin));
    if (!prepared) return reply.status(404).send({ detail: 'Not found.' });
    return sendPrepared(request, reply.header('Cache-Control', 'public, max-age=3600'), prepared, 'application/xml; charset=utf-8');
  }

  /** robots.txt: everything but the API, and the sitemap of the request's origin. */
  function robots(request: FastifyRequest): string {
    const origin = originOf(request);
    const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', ...(origin ? [`Sitemap: ${origin}/sitemap.xml`] : [])];
    return `${lines.join('\n')}\n`;
  }

  return { page, robots, sendXml, sitemapIndex, urlset };
}

export type LandingPages = ReturnType<typeof createLandingPages>;
