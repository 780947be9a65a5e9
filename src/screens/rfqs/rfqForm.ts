import { addFiles, type FilesPick } from '@/components/pickFiles';
import { rfqCreateInput, RFQ_DEADLINE_MAX_DAYS, RFQ_DEADLINE_MIN_DAYS, RFQ_PICTURES_MAX } from '@/shared/rfqs';
import { toFieldErrors, type FieldErrors } from '@/shared/validation';

/** The request form's fields as typed, in the order they are shown and focused. */
export const RFQ_FIELDS = ['title', 'description', 'category', 'quantity', 'target_price', 'deadline_days'] as const;
export type RfqField = (typeof RFQ_FIELDS)[number];
export type RfqValues = Record<RfqField, string>;

export const DEFAULT_DEADLINE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The deadline `days` whole days from `now`, as sent. */
export const deadlineIn = (days: number, now = Date.now()) => new Date(now + days * DAY_MS).toISOString();

/**
 * A price typed in the user's currency, in USD with two decimals (the API's unit); null when
 * blank, NaN when not a number.
 */
export function toUsd(typed: string, rate: number): string | null | typeof Number.NaN {
  const text = typed.trim().replace(',', '.');
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return Number.NaN;
  return (Math.round((value / rate) * 100) / 100).toFixed(2);
}

/** What POST /api/rfqs/ gets from the form, before the shared rules check it. */
export function rfqBody(values: RfqValues, rate: number, now = Date.now()) {
  const days = Number(values.deadline_days);
  const usd = toUsd(values.target_price, rate);
  return {
    title: values.title,
    description: values.description,
    category: values.category,
    quantity: values.quantity,
    target_price: Number.isNaN(usd) ? values.target_price : usd,
    deadline: Number.isInteger(days) ? deadlineIn(days, now) : '',
  };
}

/**
 * The shared rules (src/shared/rfqs.ts), as the server applies them: field errors in English,
 * keyed by the form's fields. The deadline is chosen in days, so its range is told in days.
 */
export function validateRfq(values: RfqValues, rate: number): FieldErrors {
  const parsed = rfqCreateInput.safeParse(rfqBody(values, rate));
  const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
  const days = Number(values.deadline_days);
  if (errors.deadline || !Number.isInteger(days) || days < RFQ_DEADLINE_MIN_DAYS || days > RFQ_DEADLINE_MAX_DAYS) {
    errors.deadline_days = errors.deadline ?? ['The deadline must be between 1 and 60 days from now.'];
  }
  delete errors.deadline;
  return errors;
}

/** Adds picked files to the request's pictures: images only, each once, at most RFQ_PICTURES_MAX. */
export const addPictures = (current: File[], picked: File[]): FilesPick =>
  addFiles(current, picked, (file) => file.type.startsWith('image/'), RFQ_PICTURES_MAX);
