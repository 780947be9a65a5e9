import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Notification } from '@/shared/chat';

/**
 * A notification worded in the reader's language for a push, with the web app's own texts:
 * the same source messages as src/app/navbar/notificationText.ts, translated in
 * locales/<language>/messages.po. Only the small ICU subset those messages use is read:
 * `{name}` arguments and one `{count, plural, one {...} other {...}}`.
 */

export const PUSH_LANGUAGES = ['en', 'fr', 'tr'] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];

/** The source (English) messages, exactly as the web app's macros write them into the catalogs. */
export const SOURCES = {
  message: '{count, plural, one {New message from {sender}.} other {# new messages from {sender}.}}',
  offerFor: '{sender} offered {price} for {product}.',
  offer: '{sender} offered {price}.',
  review: '{reviewer} reviewed your product "{product}" ({rating}/5).',
  favorite: '{name} added your product "{product}" to their favourites.',
  offer_accepted: '{sender} accepted your offer of {price} for {product}.',
  offer_declined: '{sender} declined your offer of {price} for {product}.',
  offer_countered: '{sender} countered with {price} for {product}.',
  offer_withdrawn: '{sender} withdrew the offer of {price} for {product}.',
  order_requested: '{sender} asks to order {product}.',
  order_confirmed: '{sender} confirmed your order of {product}.',
  order_declined: '{sender} declined your order of {product}.',
  order_shipped: '{sender} shipped your order of {product}.',
  order_delivered: '{sender} marked the order of {product} delivered.',
  order_cancelled: '{sender} cancelled the order of {product}.',
  rfq_new: 'New request for quotation: {title} ({quantity}).',
  rfq_quote: '{sender} quoted {price} for "{title}".',
  report_dismiss: 'We reviewed your report and took no action.',
  report_hide: 'We reviewed your report and removed the content.',
  report_suspend: 'We reviewed your report and suspended the account.',
  appeal_restore: 'We reviewed your appeal: your product is shown again.',
  appeal_kept: 'We reviewed your appeal: your product stays hidden.',
  verification_approved: 'Your business registration ({registry}) was checked and approved.',
  verification_rejected: 'Your business registration ({registry}) could not be approved: {reason}',
} as const;

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../locales');

/** msgid → msgstr of one catalog (the .po of Lingui's extract: one line each, escaped quotes). */
export function readCatalog(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as string;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('msgid ') || !lines[i + 1]?.startsWith('msgstr ')) continue;
    const id = unquote(lines[i]);
    const translated = unquote(lines[i + 1]);
    if (id && translated) entries.set(id, translated);
  }
  return entries;
}

const catalogs = new Map<PushLanguage, Map<string, string>>();
function catalog(language: PushLanguage): Map<string, string> {
  let found = catalogs.get(language);
  if (!found) {
    try {
      found = readCatalog(readFileSync(path.join(LOCALES_DIR, language, 'messages.po'), 'utf8'));
    } catch {
      found = new Map();
    }
    catalogs.set(language, found);
  }
  return found;
}

/** The end of the `{...}` that opens at `start`. */
function closing(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}

type Values = Record<string, string | number>;

function format(message: string, values: Values, language: PushLanguage, count?: number): string {
  let out = '';
  for (let i = 0; i < message.length; i++) {
    const c = message[i];
    if (c === '#' && count !== undefined) out += new Intl.NumberFormat(language).format(count);
    else if (c !== '{') out += c;
    else {
      const end = closing(message, i);
      const inner = message.slice(i + 1, end);
      const plural = /^\s*(\w+)\s*,\s*plural\s*,(.*)$/s.exec(inner);
      out += plural ? choose(plural[1], plural[2], values, language) : String(values[inner.trim()] ?? '');
      i = end;
    }
  }
  return out;
}

function choose(name: string, body: string, values: Values, language: PushLanguage): string {
  const n = Number(values[name]) || 0;
  const options = new Map<string, string>();
  for (let i = 0; i < body.length; i++) {
    const key = /^\s*(=?\w+)\s*\{/.exec(body.slice(i));
    if (!key) break;
    const open = i + key[0].length - 1;
    const end = closing(body, open);
    options.set(key[1], body.slice(open + 1, end));
    i = end;
  }
  const branch = options.get(`=${n}`) ?? options.get(new Intl.PluralRules(language).select(n)) ?? options.get('other') ?? '';
  return format(branch, values, language, n);
}

function translate(source: string, values: Values, language: PushLanguage): string {
  return format(catalog(language).get(source) ?? source, values, language);
}

/** A supported language from a subscription's or a request's language tag; English otherwise. */
export function pushLanguage(tag: string | undefined | null): PushLanguage {
  const primary = (tag ?? '')
    .trim()
    .toLowerCase()
    .split(/[-_;,\s]/)[0];
  return (PUSH_LANGUAGES as readonly string[]).includes(primary) ? (primary as PushLanguage) : 'en';
}

/** A price in US dollars (what notifications carry), written the reader's way. */
function usd(value: string, language: PushLanguage): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(Number(value));
}

/** The sentence the web app's bell shows for it; the server's English `message` when a parameter is missing. */
export function pushText(n: Pick<Notification, 'kind' | 'params' | 'message'>, language: PushLanguage): string {
  const p = n.params ?? {};
  const text = (key: string) => (typeof p[key] === 'string' || typeof p[key] === 'number' ? String(p[key]).trim() : '');
  switch (n.kind) {
    case 'new_message':
      if (!text('sender')) break;
      return translate(SOURCES.message, { sender: text('sender'), count: Math.max(1, Number(p.count) || 1) }, language);
    case 'new_offer': {
      if (!text('sender') || !text('price')) break;
      const price = usd(text('price'), language);
      const values = { sender: text('sender'), price, product: text('product') };
      return translate(values.product ? SOURCES.offerFor : SOURCES.offer, values, language);
    }
    case 'new_review':
      if (!text('reviewer_name') || !text('product_name') || !text('rating')) break;
      return translate(
        SOURCES.review,
        { reviewer: text('reviewer_name'), product: text('product_name'), rating: text('rating') },
        language,
      );
    case 'new_favorite':
      if (!text('user_name') || !text('product_name')) break;
      return translate(SOURCES.favorite, { name: text('user_name'), product: text('product_name') }, language);
    case 'offer_accepted':
    case 'offer_declined':
    case 'offer_countered':
    case 'offer_withdrawn': {
      if (!text('sender') || !text('price')) break;
      const price = usd(text('price'), language);
      return translate(SOURCES[n.kind], { sender: text('sender'), price, product: text('product') }, language);
    }
    case 'order_requested':
    case 'order_confirmed':
    case 'order_declined':
    case 'order_shipped':
    case 'order_delivered':
    case 'order_cancelled':
      if (!text('sender') || !text('product')) break;
      return translate(SOURCES[n.kind], { sender: text('sender'), product: text('product') }, language);
    case 'rfq_new':
      if (!text('title') || !text('quantity')) break;
      return translate(SOURCES.rfq_new, { title: text('title'), quantity: text('quantity') }, language);
    case 'rfq_quote':
      if (!text('sender') || !text('title') || !text('price')) break;
      return translate(SOURCES.rfq_quote, { sender: text('sender'), price: usd(text('price'), language), title: text('title') }, language);
    case 'report_resolved': {
      const action = text('action');
      if (action === 'restore') return translate(SOURCES.appeal_restore, {}, language);
      if (Number(p.appeal) === 1) return translate(SOURCES.appeal_kept, {}, language);
      if (action === 'dismiss' || action === 'hide' || action === 'suspend') return translate(SOURCES[`report_${action}`], {}, language);
      break;
    }
    case 'verification_approved':
    case 'verification_rejected':
      if (!text('registry')) break;
      return translate(SOURCES[n.kind], { registry: text('registry'), reason: text('reason') }, language);
  }
  return n.message;
}
