import { z } from 'zod';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { COUNTRIES, DEFAULT_COUNTRY, OTP_LENGTH, USER_TYPES } from './constants';
import { CURRENCY_CODES } from './currency';
import { SERVER_MESSAGES } from './messages';

/**
 * Validation rules used by the API server and the web app alike (docs/product.md#validation-rules). Messages follow
 * Django REST Framework's wording, because clients show them as they come (docs/product.md#messages).
 */
export const REQUIRED = SERVER_MESSAGES.REQUIRED;
export const INVALID_NUMBER = SERVER_MESSAGES.INVALID_NUMBER;
export const INVALID_INTEGER = SERVER_MESSAGES.INVALID_INTEGER;
export const TWO_DECIMALS_AT_MOST = SERVER_MESSAGES.TWO_DECIMALS_AT_MOST;
export const NOT_A_DICTIONARY = SERVER_MESSAGES.NOT_A_DICTIONARY;

z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return REQUIRED;
    if (issue.code === 'invalid_type' && issue.input === null) return SERVER_MESSAGES.NOT_NULL;
    if (issue.code === 'invalid_type' && issue.expected === 'number') return INVALID_NUMBER;
    if (issue.code === 'invalid_type' && issue.expected === 'int') return INVALID_INTEGER;
    if (issue.code === 'invalid_type' && issue.expected === 'string') return SERVER_MESSAGES.NOT_A_STRING;
    if (issue.code === 'invalid_type' && issue.expected === 'array') return SERVER_MESSAGES.NOT_A_LIST;
    if (issue.code === 'invalid_type' && issue.expected === 'boolean') return SERVER_MESSAGES.NOT_A_BOOLEAN;
    if (issue.code === 'invalid_type' && issue.expected === 'object') return NOT_A_DICTIONARY;
    if (issue.code === 'invalid_format' && issue.format === 'email') return SERVER_MESSAGES.INVALID_EMAIL;
    if (issue.code === 'invalid_format' && issue.format === 'uuid') return SERVER_MESSAGES.NOT_A_UUID;
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return SERVER_MESSAGES.BLANK;
    if (issue.code === 'too_small' && issue.origin === 'string') return `Ensure this field has at least ${issue.minimum} characters.`;
    if (issue.code === 'too_big' && issue.origin === 'string') return `Ensure this field has no more than ${issue.maximum} characters.`;
    if (issue.code === 'too_small' && issue.origin === 'array') return SERVER_MESSAGES.EMPTY_LIST;
    if (issue.code === 'too_big' && issue.origin === 'array') return `Ensure this field has no more than ${issue.maximum} elements.`;
    if (issue.code === 'too_small') return `Ensure this value is greater than or equal to ${issue.minimum}.`;
    if (issue.code === 'too_big') return `Ensure this value is less than or equal to ${issue.maximum}.`;
    if (issue.code === 'invalid_value') return `"${describeInput(issue.input)}" is not a valid choice.`;
    if (issue.code === 'unrecognized_keys') return SERVER_MESSAGES.UNKNOWN_FIELD;
    return undefined;
  },
});

export type FieldErrors = Record<string, string[]>;

/** An input quoted back in a message: short, and never by calling the input's own methods. */
function describeInput(input: unknown): string {
  const text = typeof input === 'string' ? input : typeof input === 'number' || typeof input === 'boolean' ? String(input) : typeof input;
  return text.length > 50 ? `${text.slice(0, 50)}…` : text;
}

/** At most this many fields are named in one error answer, each name cut short: a body of a million unknown keys answers a few lines. */
export const MAX_ERROR_FIELDS = 20;
const MAX_FIELD_NAME = 100;

/** Zod issues as DRF field errors: {"field": ["message"]}; whole-object issues under non_field_errors. */
export function toFieldErrors(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string; keys?: string[] }>,
): FieldErrors {
  // A Map, so field names such as "toString" or "__proto__" are plain keys.
  const errors = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const name = key.slice(0, MAX_FIELD_NAME);
    const list = errors.get(name);
    if (list) {
      if (!list.includes(message)) list.push(message);
    } else if (errors.size < MAX_ERROR_FIELDS) errors.set(name, [message]);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys.slice(0, MAX_ERROR_FIELDS)) add([...issue.path, key].join('.'), SERVER_MESSAGES.UNKNOWN_FIELD);
      continue;
    }
    add(issue.path.length ? String(issue.path[0]) : 'non_field_errors', issue.message);
  }
  return Object.fromEntries(errors);
}

/** Text that must not be blank once trimmed, with a length cap so nobody stores megabytes in a name. */
export const requiredText = (max = 150) => z.string().trim().min(1).max(max);

export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A form value (string from multipart or a URL, number from JSON) checked and converted by `convert`; blank counts as missing. */
export const formValue = <T>(
  convert: (text: string, fail: (message: string) => never) => T,
  missing = REQUIRED,
  invalid = INVALID_NUMBER,
) =>
  z.preprocess(
    blankToUndefined,
    z.unknown().transform((v, ctx): T => {
      const fail = (message: string): never => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER as never;
      };
      if (v === undefined || v === null) return fail(missing);
      if (typeof v !== 'string' && typeof v !== 'number') return fail(invalid);
      return convert(String(v).trim(), fail);
    }),
  );

/** The database's integer range: ids and counts beyond it name nothing. */
const INT_MAX = 2_147_483_647;

/** A whole number ≥ min, from "12" or 12 ("1.0", "1e3" and "0x10" are not). */
export const wholeNumber = (min: number) =>
  formValue((text, fail) => {
    const n = /^-?\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(n)) return fail(INVALID_INTEGER);
    if (n < min) return fail(`Ensure this value is greater than or equal to ${min}.`);
    if (n > INT_MAX) return fail(`Ensure this value is less than or equal to ${INT_MAX}.`);
    return n;
  });

/** The one parser of record ids, wherever they come from: a form field, JSON, a query or a URL path. */
export const recordId = wholeNumber(1);

/** A reference to another record in a body: an id that cannot name a record is answered like a missing one (DRF). */
export const referenceId = z.unknown().transform((value, ctx) => {
  const parsed = recordId.safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: invalidPk(typeof value === 'string' ? value.trim() : value) });
  return z.NEVER;
});

export const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((v) => v.toLowerCase());
export const PASSWORD_TOO_SHORT = SERVER_MESSAGES.PASSWORD_TOO_SHORT;
export const PASSWORD_TOO_COMMON = SERVER_MESSAGES.PASSWORD_TOO_COMMON;
export const NAME_ONE_LINE = SERVER_MESSAGES.NAME_ONE_LINE;

let commonPasswords: Set<string> | undefined;
/** Whether the password is on the list of the most common ones, whatever its case. */
export function isCommonPassword(value: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split(/\s+/).filter(Boolean));
  return commonPasswords.has(value.toLowerCase());
}

export const password = z
  .string()
  .min(8, PASSWORD_TOO_SHORT)
  .max(128)
  .refine((value) => !isCommonPassword(value), PASSWORD_TOO_COMMON);

/**
 * A person's name: one short line. Line breaks and other control or format characters are
 * refused, so a name can never add lines or hidden text wherever it is shown.
 */
export const personName = requiredText(64).regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, NAME_ONE_LINE);
export const countryCode = z.enum(COUNTRIES.map((c) => c.code) as [string, ...string[]]);
export const currencyCode = z.enum(CURRENCY_CODES as [string, ...string[]]);
export const phoneNumber = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^\+?[0-9 ()-]{6,31}$/, SERVER_MESSAGES.INVALID_PHONE);

export const PASSWORDS_DO_NOT_MATCH = SERVER_MESSAGES.PASSWORDS_DO_NOT_MATCH;
export const NEW_PASSWORDS_DO_NOT_MATCH = SERVER_MESSAGES.NEW_PASSWORDS_DO_NOT_MATCH;
export const OTP_INCOMPLETE = SERVER_MESSAGES.OTP_INCOMPLETE;
export const DELETE_PASSWORD_REQUIRED = SERVER_MESSAGES.DELETE_PASSWORD_REQUIRED;
export const NAME_AND_CATEGORY_REQUIRED = SERVER_MESSAGES.NAME_AND_CATEGORY_REQUIRED;

export const registrationSchema = z
  .strictObject({
    first_name: personName,
    last_name: personName,
    email,
    phone_number: phoneNumber,
    country: countryCode.default(DEFAULT_COUNTRY),
    password1: password,
    password2: z.string(),
  })
  .refine((v) => v.password1 === v.password2, { path: ['password2'], message: PASSWORDS_DO_NOT_MATCH });

export const loginSchema = z.strictObject({ email, password: z.string().min(1).max(128) });

/** Handed out by sign-up and sent back with the code: proof that this client made the sign-up. */
export const registrationToken = z.string().min(1).max(128);

export const otpSchema = z.strictObject({
  email,
  otp: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), OTP_INCOMPLETE),
  registration_token: registrationToken.optional(),
});

export const passwordChangeSchema = z
  .strictObject({
    old_password: z.string().min(1).max(128),
    new_password1: password,
    new_password2: z.string().min(1),
  })
  .refine((v) => v.new_password1 === v.new_password2, { path: ['new_password2'], message: NEW_PASSWORDS_DO_NOT_MATCH });

/** A new password for an account whose password was made unusable (a verification without proof of sign-up). */
export const passwordSetSchema = z
  .strictObject({
    new_password1: password,
    new_password2: z.string().min(1),
  })
  .refine((v) => v.new_password1 === v.new_password2, { path: ['new_password2'], message: PASSWORDS_DO_NOT_MATCH });

export const deleteAccountSchema = z.strictObject({
  password: z.string({ error: DELETE_PASSWORD_REQUIRED }).min(1, DELETE_PASSWORD_REQUIRED).max(128),
});

export const resendOtpSchema = z.strictObject({ email });
export const refreshSchema = z.strictObject({ refresh: z.string().min(1).max(4096) });

/** PATCH /api/me/: the account's own details; email and password have their own flows. */
export const meUpdateSchema = z.strictObject({
  first_name: personName.optional(),
  last_name: personName.optional(),
  phone_number: phoneNumber.optional(),
  country: countryCode.optional(),
  currency: currencyCode.optional(),
});

/** The profile edit's account details: PATCH /api/me/ with every one of them set. */
export const accountDetailsSchema = z.strictObject({
  first_name: personName,
  last_name: personName,
  phone_number: phoneNumber,
  country: countryCode,
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

const MAX_CATEGORIES = 100;

/** Onboarding (docs/product.md#validation-rules): a name and at least one category, with the spec's one message for both. */
const onboardingName = z.string({ error: NAME_AND_CATEGORY_REQUIRED }).trim().min(1, NAME_AND_CATEGORY_REQUIRED).max(150);
const onboardingIds = z.array(recordId, { error: NAME_AND_CATEGORY_REQUIRED }).min(1, NAME_AND_CATEGORY_REQUIRED).max(MAX_CATEGORIES);
export const accountTypeSchema = z.object({ account_type: z.enum(USER_TYPES) });
export const supplierSetupSchema = z.strictObject({
  account_type: z.literal('SUPPLIER'),
  company_name: onboardingName,
  about: z.string().trim().max(2000).optional(),
  industry_ids: onboardingIds,
});
export const buyerSetupSchema = z.strictObject({
  account_type: z.literal('BUYER'),
  name: onboardingName,
  category_ids: onboardingIds,
});

/** Profile edit (docs/product.md#validation-rules): the name stays required when sent; a sent category list replaces the old one. */
const categoryIds = z.array(recordId).min(1).max(MAX_CATEGORIES);
export const supplierProfileSchema = z.strictObject({
  company_name: requiredText().optional(),
  about: z.string().trim().max(2000).optional(),
  industry_ids: categoryIds.optional(),
});
export const buyerProfileSchema = z.strictObject({
  name: requiredText().optional(),
  category_ids: categoryIds.optional(),
});

/** DRF's answer for a reference to a record that does not exist (a product, a participant, a category). */
export const invalidPk = (value: unknown) => `Invalid pk "${String(value)}" - object does not exist.`;
