import { z } from 'zod';
import { verificationCheckSchema } from './trust-schema';
import { USER_TYPES } from './constants';
import { localizedTextSchema } from './content-language-schema';

/**
 * The API's shapes (docs/api.md#calls): one zod schema each, from which the server's
 * answers are typed and the web app's types derived (z.infer); the web app also checks
 * answers against them in development and tests (src/sync/api/client.ts).
 */

/** `name` in the reader's language; `names` every translation (docs/api.md#content-languages). */
export const categorySchema = z.object({ id: z.number(), name: z.string(), names: localizedTextSchema.optional() });
export type Category = z.infer<typeof categorySchema>;

export const supplierProfileSchema = z.object({
  company_name: z.string(),
  about: z.string(),
  logo_url: z.string().nullable(),
  is_verified: z.boolean(),
  industries: z.array(categorySchema),
});
export type SupplierProfile = z.infer<typeof supplierProfileSchema>;

export const buyerProfileSchema = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  interested_categories: z.array(categorySchema),
});
export type BuyerProfile = z.infer<typeof buyerProfileSchema>;

export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

/** The signed-in user's own account (GET /api/me/). */
export const userSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  country: z.object({ code: z.string(), name: z.string() }),
  user_type: userTypeSchema.nullable(),
  is_first_login: z.boolean(),
  is_verified: z.boolean(),
  date_joined: z.string(),
  currency: z.string().nullable(),
  supplier_profile: supplierProfileSchema.nullable(),
  buyer_profile: buyerProfileSchema.nullable(),
  seller_average_rating: z.string().nullable(),
  /** Holds the moderator role (docs/api.md#trust-and-safety). */
  is_moderator: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Another user as shown beside a product, review or conversation, and on /users/{id}. */
export const userSummarySchema = z.object({
  id: z.number(),
  first_name: z.string(),
  user_type: userTypeSchema.nullable(),
  date_joined: z.string(),
  supplier_profile: supplierProfileSchema.nullable(),
  buyer_profile: buyerProfileSchema.nullable(),
  /** The profile of the user's role, whichever it is (docs/api.md#calls Conversation participants). */
  profile: z.union([supplierProfileSchema, buyerProfileSchema]).nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/**
 * Another user's public page (GET /api/users/{id}/): a supplier's in full, without email or
 * phone number; anyone else's only as "not a seller".
 */
export const publicUserSchema = z.union([
  userSummarySchema.extend({
    country: z.object({ code: z.string(), name: z.string() }),
    seller_average_rating: z.string().nullable(),
    /** What was checked of the supplier and when (docs/api.md#trust-and-safety), and the registry of the business registration. */
    verification: z.array(verificationCheckSchema).optional(),
    business_registry: z.string().nullable().optional(),
  }),
  z.strictObject({ id: z.number(), user_type: userTypeSchema.nullable(), supplier_profile: z.null(), seller_average_rating: z.null() }),
]);
export type PublicUser = z.infer<typeof publicUserSchema>;

/** A product's supplier as products carry it (docs/api.md#calls: id, first_name, supplier_profile). */
export const sellerSchema = userSummarySchema.pick({
  id: true,
  first_name: true,
  user_type: true,
  date_joined: true,
  supplier_profile: true,
});
export type Seller = z.infer<typeof sellerSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** POST /api/auth/otp/verify/: signed in; must_set_password when the sign-up's password was made unusable. */
export const otpLoginSchema = tokenPairSchema.extend({ user: userSchema, must_set_password: z.boolean().optional() });
export type OtpLogin = z.infer<typeof otpLoginSchema>;

/** The navbar's numbers (GET /api/me/counts/). */
export const countsSchema = z.object({ notifications_unread: z.number(), messages_unread: z.number(), favorites: z.number() });
export type Counts = z.infer<typeof countsSchema>;

/** A DRF page (docs/api.md#data-formats-and-paging); lists may also come as plain arrays (docs/api.md#calls). */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
  /** Present (true) when `count` is an estimate: very large product lists (docs/api.md#data-formats-and-paging). */
  count_estimated?: boolean;
  /** A product search whose words were found only as typos: the search with them corrected (docs/api.md#search). */
  did_you_mean?: string;
}
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
    count_estimated: z.boolean().optional(),
    did_you_mean: z.string().optional(),
  });
/** A list answer: a page or a plain array (docs/api.md#calls). */
export const listSchema = <T extends z.ZodType>(item: T) => z.union([pageSchema(item), z.array(item)]);

/** POST /api/media/upload/, in the shape of the hosted media service the web app was written for. */
export const uploadAnswerSchema = z.object({
  secure_url: z.string(),
  resource_type: z.enum(['image', 'video', 'raw']),
  format: z.string(),
  bytes: z.number(),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;
