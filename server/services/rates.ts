import type { FastifyBaseLogger } from 'fastify';
import { CURRENCY_CODES, FALLBACK_RATES } from '@/shared/currency';
import { RATES_CACHE_MS } from '@/shared/constants';

/** How long to wait for the upstream rates service before answering with what we have. */
const UPSTREAM_TIMEOUT_MS = 5_000;

export type Rates = Record<string, number>;

/**
 * USD exchange rates (docs/api.md#other-calls-worth-knowing): fetched from RATES_URL at most once an hour (docs/product.md#currency's
 * cache time) and kept in memory; without RATES_URL, or while upstream fails and nothing
 * was fetched yet, the configured fallback rates of docs/product.md#currency.
 */
export function createRatesService(opts: { ratesUrl?: string; log: FastifyBaseLogger; now?: () => number }) {
  const now = opts.now ?? Date.now;
  let cache: { rates: Rates; at: number } | undefined;
  let inFlight: Promise<Rates> | undefined;

  async function fetchUpstream(url: string): Promise<Rates> {
    const res = await fetch(url, { signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`rates service answered ${res.status}`);
    const body = (await res.json()) as { conversion_rates?: Record<string, unknown> };
    const rates: Rates = { USD: 1 };
    for (const [code, value] of Object.entries(body.conversion_rates ?? {})) {
      if (typeof value === 'number' && Number.isFinite(value) && value > 0) rates[code] = value;
    }
    if (CURRENCY_CODES.some((code) => !rates[code])) throw new Error('rates service answer lacks a currency we sell in');
    return rates;
  }

  /** Rates per 1 USD for every currency we know. */
  async function usdRates(): Promise<Rates> {
    if (!opts.ratesUrl) return { ...FALLBACK_RATES };
    if (cache && now() - cache.at < RATES_CACHE_MS) return cache.rates;
    inFlight ??= fetchUpstream(opts.ratesUrl)
      .then((rates) => {
        cache = { rates, at: now() };
        return rates;
      })
      .catch((error) => {
        opts.log.warn({ err: error }, 'exchange rates unavailable; serving the last known or fallback rates');
        return cache?.rates ?? { ...FALLBACK_RATES };
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    usdRates,
    /** Rates per 1 unit of `base`, derived from the USD rates; undefined for a currency we don't know. */
    async ratesFor(base: string): Promise<Rates | undefined> {
      const usd = await usdRates();
      const per = usd[base];
      if (!per) return undefined;
      return Object.fromEntries(Object.entries(usd).map(([code, rate]) => [code, Number((rate / per).toPrecision(8))]));
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
