import { RATES_CACHE_MS } from '../../shared/constants';
import { db } from '../../db/db';
import { api } from '../api/client';

/**
 * Exchange rates (docs/product.md#currency): fetched from the configured rates URL, kept with their time for
 * one hour; when unreachable the last rates (or the fallback rates) stay in use. Failures are
 * only logged (docs/product.md#messages).
 */
export async function refreshRates(force = false): Promise<void> {
  const held = await db.rates.get('USD');
  if (!force && held && Date.now() - held.fetched_at < RATES_CACHE_MS) return;
  try {
    const answer = await api.rates();
    const rates = Object.fromEntries(Object.entries(answer.conversion_rates ?? {}).filter(([, v]) => typeof v === 'number' && v > 0));
    if (Object.keys(rates).length === 0) return;
    await db.rates.put({ base: 'USD', rates: { ...rates, USD: 1 }, fetched_at: Date.now() });
  } catch (error) {
    console.warn('Could not refresh the exchange rates; using the saved or fallback rates', error);
  }
}
