/**
 * A product's unit price at a moment (docs/api.md#offers-and-orders): its flash deal's price
 * while the deal runs, else its minimum price. The one rule behind the product's `price` as the
 * API answers it, the lists and the flash deals, Buy now, offers and counters, on the server and
 * on the device; a deal's end takes effect at its end time, with no write to the product. The
 * server's SQL orderings say the same (server/services/catalogue/price-sql.ts CURRENT_PRICE).
 */
export interface Priced {
  /** The flash deal's price, or null. */
  price: string | null;
  min_price: string;
  flash_deal_ends_at: string | Date | null;
}

/** When the product's flash deal ends (ms), if it has one. */
function dealEnd(p: Priced): number | undefined {
  if (p.price === null || p.flash_deal_ends_at === null) return undefined;
  return p.flash_deal_ends_at instanceof Date ? p.flash_deal_ends_at.getTime() : Date.parse(p.flash_deal_ends_at);
}

/** Whether the product's flash deal runs at `now` (ms). */
export function dealRuns(p: Priced, now = Date.now()): boolean {
  const end = dealEnd(p);
  return end !== undefined && end > now;
}

/** The unit price at `now`, a decimal string. */
export function currentPrice(p: Priced, now = Date.now()): string {
  return dealRuns(p, now) ? (p.price as string) : p.min_price;
}

/** When the first of these products' running deals ends (ms), if one runs: what shows their prices is true until then. */
export function nextDealEnd(products: Iterable<Priced>, now = Date.now()): number | undefined {
  let first: number | undefined;
  for (const p of products) {
    const end = dealEnd(p);
    if (end !== undefined && end > now && (first === undefined || end < first)) first = end;
  }
  return first;
}
