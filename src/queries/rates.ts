import { useSyncExternalStore } from 'react';
import { CURRENCY_CODES, DEFAULT_CURRENCY, FALLBACK_RATES } from '../shared/currency';
import { formatPrice, formatPriceRange } from '../shared/format';
import { firstRender } from '../sync';
import { useAuth } from './auth';
import { useLive } from './live';

/** The guest's (or device's) chosen currency (docs/api.md#calls client storage). */
export const CURRENCY_KEY = 'currency';

const listeners = new Set<() => void>();

export function storedCurrency(): string | null {
  try {
    const code = localStorage.getItem(CURRENCY_KEY);
    return code && CURRENCY_CODES.includes(code) ? code : null;
  } catch {
    return null;
  }
}

/**
 * Stores the device's choice (the account's choice is saved with PATCH /api/me/ by the settings
 * screen), also as a cookie: the server renders a landing page's prices in it
 * (docs/operations.md#pages-for-search-engines-and-link-previews).
 */
export function setGuestCurrency(code: string): void {
  if (!CURRENCY_CODES.includes(code)) return;
  localStorage.setItem(CURRENCY_KEY, code);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${CURRENCY_KEY}=${code}; path=/; max-age=31536000; samesite=lax`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Rates per 1 USD: the fetched ones while held, else a server-rendered page's, else the docs/product.md#currency fallback. */
export function useRates(): Record<string, number> {
  const { data: row } = useLive(({ db }) => db.rates.get('USD'), []);
  return row?.rates ?? firstRender()?.rates ?? FALLBACK_RATES;
}

/**
 * The currency a server-rendered page was rendered in, while it is rendered or hydrated
 * (src/sync/firstRender.ts), and the device's after: both as the code shown, so that a guest
 * with no choice stored (shown the default either way) does not re-render every price at once
 * right after hydration, as a store whose value changed makes React do.
 */
const renderedCurrency = () => firstRender()?.currency ?? DEFAULT_CURRENCY;
const shownCurrency = () => storedCurrency() ?? DEFAULT_CURRENCY;

export interface CurrencyView {
  code: string;
  rate: number;
  format(usd: string | number | null | undefined): string;
  formatRange(min: string | number, max: string | number): string;
}

/** docs/product.md#currency: the user's currency if set, else the stored choice, else USD; with its rate. */
export function useCurrency(): CurrencyView {
  const { user } = useAuth();
  const stored = useSyncExternalStore(subscribe, shownCurrency, renderedCurrency);
  const rates = useRates();
  const code = (user?.currency && CURRENCY_CODES.includes(user.currency) ? user.currency : null) ?? stored;
  const rate = rates[code] ?? FALLBACK_RATES[code] ?? 1;
  return {
    code,
    rate,
    format: (usd) => formatPrice(usd, code, rate),
    formatRange: (min, max) => formatPriceRange(min, max, code, rate),
  };
}
