import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db';
import { serializePublicUser } from '../accounts/users';
import { DEFAULT_LANGUAGE, LANGUAGES, MEDIA_WIDTHS, type Language, type MediaWidth } from '@/shared/constants';
import type { Product } from '@/shared/catalogue';
import { listProducts, type ProductOrder } from './product-list';
import { productById } from './products';
import { readCatalog } from '../push/text';

/**
 * What the server says about a page people land on from a search engine or a shared link
 * (docs/operations.md#pages-for-search-engines-and-link-previews): its title, description,
 * picture and structured data, and a plain summary of its content for clients that run no
 * script. The web app renders the page itself; this is read by crawlers and link previews.
 */
export interface LandingPage {
  /**
   * 404 when the product, category or seller does not exist: the page says noindex, so search
   * engines drop the URL. The answer stays 200 with the app: the device may hold it (an offline edit).
   */
  status: 200 | 404;
  title: string;
  description: string;
  type: 'website' | 'product' | 'profile';
  /** A path on this site (/media/…) or an absolute URL. */
  image?: { url: string; alt: string };
  /** schema.org data (application/ld+json). */
  structured?: Record<string, unknown>;
  /** The page's heading and content, for clients without script. */
  heading: string;
  products: Product[];
  /** The product of a product page, shown in full. */
  product?: Product;
  /** The page's largest picture as the web app asks for it (same URL, srcset and sizes), preloaded at once. */
  lead?: LeadImage;
}

export interface LeadImage {
  href: string;
  srcset?: string;
  sizes?: string;
}

/** Media the server resizes (?w=): the web app's src/media/image.ts asks for these widths. */
const RESIZABLE = /^\/media\/[^?#]+\.(png|jpe?g|webp|gif)$/i;

/** `url` as the app's <img> asks for it at `width`, with its srcset over MEDIA_WIDTHS and `sizes`. */
export function leadImage(url: string, width: MediaWidth, sizes: string): LeadImage {
  if (!RESIZABLE.test(url)) return { href: url };
  return { href: `${url}?w=${width}`, srcset: MEDIA_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', '), sizes };
}

/** The sizes of the app's pictures: src/components/ProductCard.tsx, src/screens/products/ProductGallery.tsx, BannerCarousel.tsx. */
const CARD_SIZES = '(min-width: 1200px) 240px, (min-width: 960px) 25vw, (min-width: 640px) 33vw, 50vw';
const GALLERY_SIZES = '(min-width: 900px) 560px, 100vw';
const BANNER_SIZES = '100vw';

export const SITE_NAME = 'Marketplace';

/** A supported language from ?lang=, else English (docs/operations.md#pages-for-search-engines-and-link-previews). */
export function pageLanguage(value: unknown): Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../locales');
const catalogs = new Map<Language, Map<string, string>>();

/** The web app's own message in `language` (locales/<language>/messages.po), `{name}` filled in. */
function text(language: Language, source: string, values: Record<string, string> = {}): string {
  let catalog = catalogs.get(language);
  if (!catalog) {
    try {
      catalog = readCatalog(readFileSync(path.join(LOCALES_DIR, language, 'messages.po'), 'utf8'));
    } catch {
      catalog = new Map();
    }
    catalogs.set(language, catalog);
  }
  return (catalog.get(source) ?? source).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

const INTRO = "Buy and sell products across Nigeria, Senegal, Côte d'Ivoire and Türkiye.";
/** How many products a listing page names for clients without script. */
const LISTED = 20;

/** Text cut at a word to about `max` characters, for a description. */
export function summary(value: string, max = 160): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/** schema.org Product with its offers (the price range in USD), availability and rating. */
export function productData(product: Product, url: string, absolute: (path: string) => string): Record<string, unknown> {
  const inStock = product.quantity_in_stock >= Math.max(product.minimum_order_quantity, 1);
  const seller = product.supplier?.supplier_profile?.company_name?.trim() || product.supplier?.first_name;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: summary(product.description, 500),
    image: [product.thumbnail_url, ...product.images.filter((m) => m.media_type === 'image').map((m) => m.media_source_url)]
      .filter((value, index, all) => value && all.indexOf(value) === index)
      .map(absolute),
    sku: String(product.id),
    ...(product.category ? { category: product.category.name } : {}),
    ...(seller ? { brand: { '@type': 'Brand', name: seller } } : {}),
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'USD',
      lowPrice: product.min_price,
      highPrice: product.max_price,
      offerCount: 1,
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
      ...(seller ? { seller: { '@type': 'Organization', name: seller } } : {}),
    },
    ...(product.reviews_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.average_rating,
            reviewCount: product.reviews_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

function itemList(products: Product[], absolute: (path: string) => string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: absolute(`/products/${product.id}`),
      name: product.name,
    })),
  };
}

const list = (db: Database, order: ProductOrder, filters: { category?: number; supplier?: number; search?: string } = {}) =>
  listProducts(db, { filters, order, limit: LISTED, offset: 0, viewerId: null }).then((page) => page.results);

function notFound(language: Language): LandingPage {
  const title = text(language, '404: Page Not Found');
  const description = text(language, 'The page you are looking for does not exist or has moved.');
  return { status: 404, title, description, type: 'website', heading: title, products: [] };
}

function listing(title: string, description: string, products: Product[], absolute: (path: string) => string): LandingPage {
  const first = products.find((p) => p.thumbnail_url);
  return {
    status: 200,
    title,
    description,
    type: 'website',
    heading: title,
    products,
    ...(first ? { image: { url: first.thumbnail_url, alt: first.name } } : {}),
    ...(products[0]?.thumbnail_url ? { lead: leadImage(products[0].thumbnail_url, 200, CARD_SIZES) } : {}),
    ...(products.length > 0 ? { structured: itemList(products, absolute) } : {}),
  };
}

const id = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

/**
 * The landing page at `pathname` (home, product, category, search, seller, flash deals, new
 * arrivals), or null for the app's other routes. `absolute` turns a path into a URL of this site.
 */
export async function landingPage(
  db: Database,
  pathname: string,
  language: Language,
  absolute: (path: string) => string,
): Promise<LandingPage | null> {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  const [first, second] = parts;
  if (parts.length === 0 || (parts.length === 1 && first === '')) {
    const [products, banner] = await Promise.all([
      list(db, 'top-rated'),
      db.selectFrom('banners').select('image_url').orderBy('position').orderBy('id').limit(1).executeTakeFirst(),
    ]);
    const page = listing(text(language, 'Welcome to Connecting Markets'), text(language, INTRO), products, absolute);
    // With banners, the first one is the home page's largest picture; without, the first card's.
    return { ...page, title: SITE_NAME, ...(banner ? { lead: leadImage(banner.image_url, 800, BANNER_SIZES) } : {}) };
  }
  if (first === 'products' && parts.length === 2) {
    const productId = id(second);
    const product = productId === null ? undefined : await productById(db, productId, null);
    if (!product) return notFound(language);
    const seller = product.supplier?.supplier_profile?.company_name?.trim() || product.supplier?.first_name || '';
    const description = summary(product.description) || (seller ? text(language, 'by {seller}', { seller }) : text(language, INTRO));
    return {
      status: 200,
      title: product.name,
      description,
      type: 'product',
      heading: product.name,
      products: [],
      product,
      ...(product.thumbnail_url
        ? { image: { url: product.thumbnail_url, alt: product.name }, lead: leadImage(product.thumbnail_url, 800, GALLERY_SIZES) }
        : {}),
      structured: productData(product, absolute(`/products/${product.id}`), absolute),
    };
  }
  if (first === 'category' && parts.length === 3) {
    const categoryId = id(second);
    const category =
      categoryId === null
        ? undefined
        : await db.selectFrom('categories').select(['id', 'name', 'names']).where('id', '=', categoryId).executeTakeFirst();
    if (!category) return notFound(language);
    const name = category.names?.[language] || category.name;
    return listing(name, text(language, INTRO), await list(db, 'newest', { category: category.id }), absolute);
  }
  if (first === 'search' && parts.length <= 2) {
    const term = second ? safeDecode(second).trim() : '';
    if (!term) return listing(text(language, 'Search products'), text(language, INTRO), [], absolute);
    const title = text(language, 'Results for “{term}”', { term });
    return listing(title, text(language, INTRO), await list(db, 'newest', { search: term }), absolute);
  }
  if (first === 'users' && parts.length === 2) {
    const userId = id(second);
    const user = userId === null ? undefined : await serializePublicUser(db, userId);
    if (user?.user_type !== 'SUPPLIER' || !user.supplier_profile || !('first_name' in user)) return notFound(language);
    const name = user.supplier_profile.company_name.trim() || user.first_name;
    const page = listing(
      name,
      summary(user.supplier_profile.about) || text(language, INTRO),
      await list(db, 'newest', { supplier: user.id }),
      absolute,
    );
    const logo = user.supplier_profile.logo_url;
    return { ...page, type: 'profile', ...(logo ? { image: { url: logo, alt: name } } : {}) };
  }
  if (first === 'flash-deals' && parts.length === 1) {
    return listing(
      text(language, 'Flash deals'),
      text(language, 'Deals appear here as soon as suppliers lower their prices.'),
      await list(db, 'flash-deals'),
      absolute,
    );
  }
  if (first === 'new-arrivals' && parts.length === 1) {
    return listing(text(language, 'New arrivals'), text(language, INTRO), await list(db, 'newest'), absolute);
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
