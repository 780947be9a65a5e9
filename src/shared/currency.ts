/** Currencies and price maths of docs/product.md#currency, shared by the server and the web app. */

export interface Currency {
  code: string;
  name: string;
  symbol: string;
  position: 'before' | 'after';
}

export const CURRENCIES: Currency[] = [
  { code: 'USD', name: 'US Dollar', symbol: '$', position: 'before' },
  { code: 'EUR', name: 'Euro', symbol: '€', position: 'before' },
  { code: 'TRY', name: 'Turkish Lira', symbol: '₺', position: 'after' },
  { code: 'NGN', name: 'Nigerian Naira', symbol: '₦', position: 'before' },
  { code: 'XOF', name: 'CFA Franc', symbol: 'CFA', position: 'after' },
];
export const CURRENCY_CODES = CURRENCIES.map((c) => c.code);
export const DEFAULT_CURRENCY = 'USD';

/** Rates per 1 USD used when no fresher rates can be had. */
export const FALLBACK_RATES: Record<string, number> = { USD: 1, EUR: 0.92, TRY: 32.5, NGN: 1480, XOF: 605 };

/** Cents from a decimal string or number, without floating-point drift ("12.5" -> 1250). */
export function toCents(value: string | number): number {
  return Math.round(Number(value) * 100);
}

/** Two-decimal string from cents (1250 -> "12.50"). */
export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A price moved by a fraction, e.g. an offer 10% lower: offerPrice("20.00", -0.1) -> "18.00". */
export function offerPrice(price: string | number, change: number): string {
  return fromCents(Math.round(toCents(price) * (1 + change)));
}
