import { i18n } from '@lingui/core';
import { CURRENCIES, DEFAULT_CURRENCY, FALLBACK_RATES, type Currency } from '../shared/currency';

/**
 * Numbers, prices and dates in the active language (Intl). Prices follow docs/product.md#currency: converted
 * from USD by the chosen currency's rate, two decimals, the symbol before or after per currency,
 * a range as "min ~ max".
 */
function locale(): string {
  return i18n.locale || 'en';
}

/**
 * Formatters kept per language and options: making an Intl formatter costs far more than using
 * one, and a screen of product cards formats two prices and a rating per card at every render.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind}|${locale()}|${options ? JSON.stringify(options) : ''}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

const numberFormat = (options?: Intl.NumberFormatOptions) => kept('number', options, () => new Intl.NumberFormat(locale(), options));
const dateFormat = (options?: Intl.DateTimeFormatOptions) => kept('date', options, () => new Intl.DateTimeFormat(locale(), options));

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(value);
}

/** A file's size in the active language's units and digits ("1.2 MB", "1,2 Mo", "340 kB"). */
export function formatFileSize(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return formatNumber(value, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  });
}

export function currencyOf(code: string | null | undefined): Currency {
  // biome-ignore lint/style/noNonNullAssertion: the default currency is one of the list.
  return CURRENCIES.find((c) => c.code === code) ?? CURRENCIES.find((c) => c.code === DEFAULT_CURRENCY)!;
}

/** An amount in USD shown in `currencyCode` at `rate` (units per 1 USD; the fallback rate by default). */
export function formatPrice(usd: string | number | null | undefined, currencyCode = DEFAULT_CURRENCY, rate?: number): string {
  const currency = currencyOf(currencyCode);
  const amount = Number(usd ?? 0) * (rate ?? FALLBACK_RATES[currency.code] ?? 1);
  const number = formatNumber(Number.isFinite(amount) ? amount : 0, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency.position === 'before' ? `${currency.symbol}${number}` : `${number} ${currency.symbol}`;
}

/** "min ~ max", or one price when both ends are equal. */
export function formatPriceRange(min: string | number, max: string | number, currencyCode = DEFAULT_CURRENCY, rate?: number): string {
  const low = formatPrice(min, currencyCode, rate);
  const high = formatPrice(max, currencyCode, rate);
  return low === high ? low : `${low} ~ ${high}`;
}

export function formatDate(iso: string | Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? '' : dateFormat(options).format(date);
}

export function formatDateTime(iso: string | Date): string {
  return formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "5 minutes ago" / "il y a 5 minutes" / "5 dakika önce". */
export function formatRelativeTime(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = kept('relative', undefined, () => new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' }));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.round(seconds / size), unit);
  }
  return '';
}

/**
 * A list's compact time, as messaging apps show it: the time today ("14:05"), the weekday
 * within a week ("Mon", "Pzt"), else the day and month ("12 Mar"), with the year when not this
 * one. Short in every language, so it never pushes a name out of its row.
 */
export function formatListTime(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  if (sameDay) return dateFormat({ hour: '2-digit', minute: '2-digit' }).format(date);
  const days = (now.getTime() - date.getTime()) / (24 * 3600 * 1000);
  if (days > 0 && days < 6) return dateFormat({ weekday: 'short' }).format(date);
  const options: Intl.DateTimeFormatOptions =
    date.getFullYear() === now.getFullYear() ? { day: 'numeric', month: 'short' } : { dateStyle: 'short' };
  return dateFormat(options).format(date);
}
