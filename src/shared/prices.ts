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

/** One quantity tier of a product (docs/api.md#quantity-tiers-and-samples): from `min_quantity` units on, `unit_price` each. */
export interface PriceTier {
  min_quantity: number;
  /** A decimal string in USD ("12.50"). */
  unit_price: string;
}

/** A product as the quantity rule reads it: its deal and price, and its tiers (none when absent). */
export interface TierPriced extends Priced {
  price_tiers?: readonly PriceTier[] | null;
}

/**
 * The unit price of `quantity` units at `now` (docs/api.md#quantity-tiers-and-samples): the tier
 * with the largest `min_quantity` at or below the quantity, else the product's price (above);
 * a running flash deal's price wins when it is lower. The one rule behind Buy now, the offer
 * buttons and the tier table, on the server and on the device.
 */
export function unitPrice(p: TierPriced, quantity: number, now = Date.now()): string {
  const price = currentPrice(p, now);
  let tier: PriceTier | undefined;
  for (const t of p.price_tiers ?? []) if (t.min_quantity <= quantity && (!tier || t.min_quantity > tier.min_quantity)) tier = t;
  if (!tier) return price;
  return dealRuns(p, now) && Number(price) < Number(tier.unit_price) ? price : tier.unit_price;
}

/**
 * The price at the minimum order, `now`: what sorting and filtering by price compare, on the
 * server (services/catalogue/price-sql.ts CURRENT_PRICE) and on the device (./listing-filters.ts).
 */
export function moqPrice(p: TierPriced & { minimum_order_quantity: number }, now = Date.now()): string {
  return unitPrice(p, p.minimum_order_quantity, now);
}
