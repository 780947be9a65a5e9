import { priceTierRow, priceTierRowErrors, productFields, samplePriceField, type Product } from '@/shared/catalogue';
import type { PriceTier } from '@/shared/prices';
import { REQUIRED, type FieldErrors } from '@/shared/validation';
import type { Values } from './values';

/**
 * The product form's quantity tiers and sample price (docs/api.md#quantity-tiers-and-samples),
 * typed in USD like the form's minimum and maximum prices, checked with the server's rules
 * (src/shared/catalogue.ts).
 */
export interface TierRow {
  min_quantity: string;
  unit_price: string;
}
export interface TierValues {
  rows: TierRow[];
  sample_price: string;
}

/** The field name of one cell of a tier row: its input's name and its error's key. */
export const tierField = (index: number, cell: keyof TierRow) => `price_tiers.${index}.${cell}`;

export function tierValuesOf(product: Product | null): TierValues {
  return {
    rows: (product?.price_tiers ?? []).map((t) => ({ min_quantity: String(t.min_quantity), unit_price: t.unit_price })),
    sample_price: product?.sample_price ?? '',
  };
}

/** The rows as they would be saved: the first one starts at the minimum order quantity, whatever was typed before. */
export function rowsAt(rows: readonly TierRow[], minimumOrder: string): TierRow[] {
  return rows.map((row, i) => (i === 0 ? { ...row, min_quantity: minimumOrder.trim() } : row));
}

/** The messages of one value's issues, each once. */
const messagesOf = (issues: ReadonlyArray<{ message: string }>) => [...new Set(issues.map((i) => i.message))];

/** One cell by its shared rule, in English; blank is "required". */
function cell<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  value: string,
) {
  if (value.trim() === '') return { errors: [REQUIRED] };
  const parsed = schema.safeParse(value);
  return parsed.success ? { value: parsed.data } : { errors: messagesOf(parsed.error.issues) };
}

export interface CheckedTiers {
  errors: FieldErrors;
  /** What is sent, once every rule holds. */
  tiers: PriceTier[];
  sample_price: string | null;
}

/**
 * Each row's cells by the shared field rules, then the rules between rows and the product's
 * prices (priceTierRowErrors) once the product's prices and minimum order are valid: every
 * message under the row and the cell it is about.
 */
export function checkTiers(tiers: TierValues, values: Values): CheckedTiers {
  const errors: FieldErrors = {};
  const rows = rowsAt(tiers.rows, values.minimum_order_quantity);
  const parsed: PriceTier[] = [];
  rows.forEach((row, i) => {
    const quantity = cell(priceTierRow.shape.min_quantity, row.min_quantity);
    const price = cell(priceTierRow.shape.unit_price, row.unit_price);
    // The first row's quantity is the minimum order's: its errors are shown on that field.
    if (quantity.errors && i > 0) errors[tierField(i, 'min_quantity')] = quantity.errors;
    if (price.errors) errors[tierField(i, 'unit_price')] = price.errors;
    if (quantity.value !== undefined && price.value !== undefined) parsed.push({ min_quantity: quantity.value, unit_price: price.value });
  });
  const product = productFields.pick({ min_price: true, max_price: true, minimum_order_quantity: true }).safeParse(values);
  if (product.success && parsed.length === rows.length) {
    priceTierRowErrors(parsed, product.data).forEach((row, i) => {
      if (row.min_quantity.length > 0) errors[tierField(i, 'min_quantity')] = row.min_quantity;
      if (row.unit_price.length > 0) errors[tierField(i, 'unit_price')] = row.unit_price;
    });
  }
  const sample = samplePriceField.safeParse(tiers.sample_price);
  if (!sample.success) errors.sample_price = messagesOf(sample.error.issues);
  return { errors, tiers: parsed, sample_price: sample.success ? sample.data : null };
}

/** The error keys in the order the fields are shown (focus goes to the first). */
export function tierFieldOrder(count: number): string[] {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) keys.push(tierField(i, 'min_quantity'), tierField(i, 'unit_price'));
  return [...keys, 'price_tiers', 'sample_price'];
}

/** The tiers and sample price as the form sends them: a JSON string in the multipart form (DESIGN §5). */
export function appendTiers(form: FormData, checked: CheckedTiers, initial: TierValues | null): void {
  const tiers = JSON.stringify(checked.tiers);
  if (initial === null ? checked.tiers.length > 0 : tiers !== JSON.stringify(checkedRows(initial))) form.append('price_tiers', tiers);
  const sample = checked.sample_price ?? '';
  const before = initial === null ? '' : initial.sample_price === '' ? '' : Number(initial.sample_price).toFixed(2);
  if (sample !== before) form.append('sample_price', sample);
}

/** The product's tiers as the server holds them, in the shape sent. */
function checkedRows(initial: TierValues): PriceTier[] {
  return initial.rows.map((r) => ({ min_quantity: Number(r.min_quantity), unit_price: Number(r.unit_price).toFixed(2) }));
}
