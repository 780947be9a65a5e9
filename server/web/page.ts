import { LANGUAGES, type Language } from '@/shared/constants';
import type { Product } from '@/shared/catalogue';
import { SITE_NAME, type LandingPage } from '../services/catalogue/landing-pages';
import type { Rendered } from './render';

/**
 * The app's index.html made into one landing page's HTML (docs/operations.md#pages-for-search-engines-and-link-previews):
 * its own <title>, description, canonical link, hreflang alternates, Open Graph and Twitter
 * card tags, schema.org data, a preload of its largest picture, and its content in <noscript> in the app's frame
 * for clients that run no script. Everything else of index.html (the inline scripts the CSP
 * hashes, the splash, the shell) is left as it is.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** JSON inside <script>: no "</script>" or "<!--" can end or change it. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page's URL in `language`: English without a parameter, the others with ?lang=. */
export function pageUrl(origin: string, pathname: string, language: Language): string {
  return `${origin}${pathname}${language === 'en' ? '' : `?lang=${language}`}`;
}

const OG_LOCALES: Record<Language, string> = { en: 'en_US', fr: 'fr_FR', tr: 'tr_TR' };

function price(product: Product, language: Language): string {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
  const min = format.format(Number(product.min_price));
  const max = format.format(Number(product.max_price));
  return min === max ? min : `${min} ~ ${max}`;
}

export interface PageContext {
  origin: string;
  pathname: string;
  language: Language;
}

export function headTags(page: LandingPage, { origin, pathname, language }: PageContext): string {
  const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  const url = pageUrl(origin, pathname, language);
  const title = page.title === SITE_NAME ? `${SITE_NAME} — ${page.heading}` : `${page.title} · ${SITE_NAME}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', page.description),
    page.status === 404 ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ];
  if (page.status === 200) {
    for (const alternate of LANGUAGES)
      tags.push(`<link rel="alternate" hreflang="${alternate}" href="${escapeHtml(pageUrl(origin, pathname, alternate))}" />`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(origin, pathname, 'en'))}" />`);
  }
  tags.push(
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', page.type),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    // Open Graph wants absolute URLs: without the site's origin (PUBLIC_URL) they are left out.
    ...(origin ? [meta('property', 'og:url', url)] : []),
    meta('property', 'og:locale', OG_LOCALES[language]),
    ...LANGUAGES.filter((other) => other !== language).map((other) => meta('property', 'og:locale:alternate', OG_LOCALES[other])),
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
  );
  if (page.image && (origin || !page.image.url.startsWith('/'))) {
    const image = absolute(page.image.url);
    tags.push(
      meta('property', 'og:image', image),
      meta('property', 'og:image:alt', page.image.alt),
      meta('name', 'twitter:image', image),
      meta('name', 'twitter:image:alt', page.image.alt),
    );
  }
  if (page.product) {
    tags.push(meta('property', 'product:price:amount', page.product.min_price), meta('property', 'product:price:currency', 'USD'));
  }
  if (page.lead) {
    const { href, srcset, sizes } = page.lead;
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(href)}"${srcset ? ` imagesrcset="${escapeHtml(srcset)}"` : ''}${sizes ? ` imagesizes="${escapeHtml(sizes)}"` : ''} fetchpriority="high" />`,
    );
  }
  if (page.structured) tags.push(`<script type="application/ld+json">${scriptJson(page.structured)}</script>`);
  return tags.join('\n    ');
}

/** The page's content as plain HTML: what a client without script shows. */
export function staticContent(page: LandingPage, { language }: PageContext): string {
  const link = (path: string) => escapeHtml(language === 'en' ? path : `${path}?lang=${language}`);
  const parts = [`<h1>${escapeHtml(page.heading)}</h1>`];
  const product = page.product;
  if (product) {
    const seller = product.supplier?.supplier_profile?.company_name?.trim() || product.supplier?.first_name || '';
    if (product.thumbnail_url) {
      parts.push(`<img src="${escapeHtml(page.lead?.href ?? product.thumbnail_url)}" alt="${escapeHtml(product.name)}" width="400" />`);
    }
    parts.push(`<p class="price">${escapeHtml(price(product, language))}</p>`);
    if (seller) parts.push(`<p><a href="${link(`/users/${product.supplier.id}`)}">${escapeHtml(seller)}</a></p>`);
    if (product.description) parts.push(`<p>${escapeHtml(product.description)}</p>`);
  }
  if (page.products.length > 0) {
    const items = page.products.map(
      (p) => `<li><a href="${link(`/products/${p.id}`)}">${escapeHtml(p.name)}</a> ${escapeHtml(price(p, language))}</li>`,
    );
    parts.push(`<ul>${items.join('')}</ul>`);
  }
  return `<main class="screen">${parts.join('')}</main>`;
}

/**
 * index.html with the page's head and content. `rendered`, the app's own render of the page
 * (server/web/render.ts), replaces the app's frame, with the answers it was rendered from as a
 * data block at the end of the body, which src/main.tsx reads for the hydration. Without it,
 * the page's content is in <noscript> in the app's frame.
 */
export function renderPage(indexHtml: string, page: LandingPage, context: PageContext, rendered?: Rendered): string {
  const html = indexHtml
    .replace(/<html lang="[^"]*"/, `<html lang="${context.language}"`)
    .replace(/<title>[^<]*<\/title>\s*<meta name="description"[^>]*>/, () => headTags(page, context));
  // The whole app frame: up to the splash, the body's <noscript> or its scripts, whichever comes first.
  const root = /<div id="root">[\s\S]*?(?=\s*<(?:div id="boot-splash"|noscript>|script\b))/;
  if (rendered && root.test(html)) {
    const stylesheets = rendered.assets.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`);
    const framed = (head: string[], page: string, after = '') =>
      page
        .replace(/<\/head>/, () => `${head.map((link) => `  ${link}\n`).join('')}  </head>`)
        .replace(root, () => `<div id="root" data-ssr="${context.language}">${rendered.html}</div>${after}`);
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
    // The scripts are asked for after the first paint (index.html's after-paint loader): the
    // markup is the first screen, and the link is the lead picture's until it is in.
    const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
    const withScripts = entry
      ? framed(
          stylesheets,
          html
            .replace(/<html lang="[^"]*"/, (tag) => `${tag} data-after-paint`)
            .replace(entry[0], '')
            .replace(preload, ''),
          `\n    <script type="application/json" id="after-paint">${scriptJson({
            entry: entry[1],
            preload: [...new Set([...[...html.matchAll(preload)].map(([, href]) => href), ...rendered.assets.scripts])],
          })}</script>`,
        )
      : framed(
          [...stylesheets, ...rendered.assets.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`)],
          html,
        );
    return (
      withScripts
        .replace(/<noscript>[^<]*<\/noscript>/, '')
        // After the markup: on a slow link the first cards show before the data has come.
        .replace(/<\/body>/, () => `  <script type="application/json" id="first-render">${scriptJson(rendered.data)}</script>\n  </body>`)
    );
  }
  const content = `<noscript>${staticContent(page, context)}</noscript>`;
  const frame = /<div id="root">([\s\S]*?)(<div class="spinner">)/;
  // At the top of the app's frame, where the app's screen will be: a browser without script shows
  // it at once; without that frame, after the body's own <noscript>.
  return frame.test(html)
    ? html.replace(frame, (_, shell: string, spinner: string) => `<div id="root">${shell}${content}${spinner}`)
    : html.replace(/<\/noscript>/, () => `</noscript>${content}`);
}
