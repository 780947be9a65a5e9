import { productFields, productRuleErrors, type Product } from '@/shared/catalogue';
import { toFieldErrors, type FieldErrors } from '@/shared/validation';

/** The product form's text fields as typed (docs/product.md#validation-rules), in the order they are shown and focused. */
export const FIELD_ORDER = [
  'name',
  'description',
  'category_id',
  'min_price',
  'max_price',
  'quantity_in_stock',
  'minimum_order_quantity',
] as const;
export type FieldName = (typeof FIELD_ORDER)[number];
export type Values = Record<FieldName, string>;

export const EMPTY_VALUES: Values = {
  name: '',
  description: '',
  category_id: '',
  min_price: '',
  max_price: '',
  quantity_in_stock: '',
  minimum_order_quantity: '',
};

export function valuesOf(product: Product): Values {
  return {
    name: product.name,
    description: product.description,
    category_id: product.category ? String(product.category.id) : '',
    min_price: product.min_price,
    max_price: product.max_price,
    quantity_in_stock: String(product.quantity_in_stock),
    minimum_order_quantity: String(product.minimum_order_quantity),
  };
}

/** The shared rules (src/shared/catalogue.ts), as the server applies them: field errors in English. */
export function validate(values: Values): FieldErrors {
  const parsed = productFields.safeParse(values);
  if (parsed.success) return productRuleErrors(parsed.data);
  const errors = toFieldErrors(parsed.error.issues);
  // A blank field is "required" on a form, whatever the field's type.
  for (const field of FIELD_ORDER) if (values[field].trim() === '') errors[field] = ['This field is required.'];
  return errors;
}

/** Equal as the server would store them ("12.5" and "12.50" are the same price). */
function same(field: FieldName, a: string, b: string): boolean {
  if (field === 'name' || field === 'description') return a.trim() === b.trim();
  if (a.trim() === '' || b.trim() === '') return a.trim() === b.trim();
  return Number(a) === Number(b);
}

/** Edit mode sends only what changed (docs/product.md#screens). */
export function changedFields(initial: Values, values: Values): FieldName[] {
  return FIELD_ORDER.filter((field) => !same(field, initial[field], values[field]));
}

export function appendFields(form: FormData, values: Values, fields: readonly FieldName[]): void {
  for (const field of fields) form.append(field, values[field].trim());
}
