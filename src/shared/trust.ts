import { z } from 'zod';
import { SERVER_MESSAGES } from './messages';

/**
 * Trust and safety (docs/api.md#trust-and-safety), for the server and the web app alike: what can be
 * reported and why, the moderators' actions, and the business registries a supplier's registration
 * is checked against, with the format of each registry's numbers.
 */

export const REPORT_TARGET_TYPES = ['product', 'user', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['scam', 'counterfeit', 'prohibited', 'offensive', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** A supplier's appeal of a hidden product joins the queue as a report with this reason. */
export const APPEAL_REASON = 'appeal';

export const REPORT_DETAILS_MAX = 1000;
/** Reports one account may make in a day (a repeat answering an earlier report is free). */
export const REPORTS_PER_DAY = 20;

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_REASON_MAX = 1000;

const clientId = z
  .uuid()
  .nullish()
  .transform((v) => v ?? null);

/** POST /api/reports/ */
export const reportSchema = z
  .strictObject({
    target_type: z.enum(REPORT_TARGET_TYPES),
    target_id: z.coerce.number().int().min(1).max(2_147_483_647),
    reason: z.enum(REPORT_REASONS),
    details: z
      .string()
      .max(REPORT_DETAILS_MAX)
      .nullish()
      .transform((v) => v?.trim() ?? ''),
    client_id: clientId,
  })
  .refine((r) => r.reason !== 'other' || r.details !== '', { message: SERVER_MESSAGES.REPORT_DETAILS_REQUIRED, path: ['details'] });
export type ReportInput = z.input<typeof reportSchema>;

const reasonField = z.string().trim().min(1).max(MODERATION_REASON_MAX);

/** POST /api/moderation/reports/{id}/resolve/ */
export const resolveSchema = z.strictObject({ action: z.enum(MODERATION_ACTIONS), reason: reasonField });
/** Reinstate, restore, reject: a reason for the log (required). */
export const moderationReasonSchema = z.strictObject({ reason: reasonField });
/** POST /api/products/{id}/appeal/: the supplier's words. */
export const appealSchema = z.strictObject({ details: z.string().trim().min(1).max(REPORT_DETAILS_MAX) });

/**
 * The business registries (DESIGN §5): Nigeria's Corporate Affairs Commission, the OHADA trade
 * registers of Senegal and Côte d'Ivoire, Senegal's tax identification, and Türkiye's central
 * registry and tax numbers. `pattern` checks a number once spaces are dropped and letters are
 * upper case (normalizeRegistryNumber); `example` is what the form shows.
 */
export const REGISTRIES = {
  // RC (companies), BN (business names), IT (incorporated trustees), LP/LLP partnerships, then the number.
  CAC: { country: 'NG', pattern: /^(RC|BN|IT|LP|LLP)\d{1,8}$/, example: 'RC 1234567' },
  // Country-city-year-form-number, or the newer form with the court's number and a letter group (CI-ABJ-03-2022-B13-00001).
  RCCM: { country: 'SN/CI', pattern: /^(SN|CI)-[A-Z]{3}(-\d{2})?-\d{4}-[A-Z]\d{0,2}-\d{1,6}$/, example: 'SN-DKR-2020-B-12345' },
  // 7 to 9 digits, optionally followed by the three-character tax code (COFI), e.g. 0012345 2G3.
  NINEA: { country: 'SN', pattern: /^\d{7,9}(\d[A-Z]\d)?$/, example: '0012345 2G3' },
  MERSIS: { country: 'TR', pattern: /^\d{16}$/, example: '0123456789000015' },
  VKN: { country: 'TR', pattern: /^\d{10}$/, example: '1234567890' },
} as const;
export type Registry = keyof typeof REGISTRIES;
export const REGISTRY_NAMES = Object.keys(REGISTRIES) as Registry[];

/** A number as the registry writes it, for checking and storing: no spaces, upper case (RCCM keeps its dashes). */
export const normalizeRegistryNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();

export const registryNumberValid = (registry: Registry, value: string) => REGISTRIES[registry].pattern.test(normalizeRegistryNumber(value));

/** POST /api/me/verification/ */
export const verificationSchema = z
  .strictObject({
    registry: z.enum(REGISTRY_NAMES as [Registry, ...Registry[]]),
    registry_number: z.string().trim().min(1).max(40),
    document: z.string().trim().min(1).max(2000),
  })
  .refine((v) => registryNumberValid(v.registry, v.registry_number), {
    message: SERVER_MESSAGES.REGISTRY_NUMBER_INVALID,
    path: ['registry_number'],
  })
  .transform((v) => ({ ...v, registry_number: normalizeRegistryNumber(v.registry_number) }));

/** What a supplier's public profile says was checked (`verification`). */
export const VERIFICATION_CHECKS = ['email', 'business_registration'] as const;
export const verificationCheckSchema = z.object({
  check: z.enum(VERIFICATION_CHECKS),
  verified_at: z.string(),
});
export type VerificationCheck = z.infer<typeof verificationCheckSchema>;

/** Answers (docs/api.md#trust-and-safety). */
const person = z.object({ id: z.number(), name: z.string() });

export const reportAnswerSchema = z.object({
  id: z.number(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number(),
  reason: z.string(),
  status: z.enum(['open', 'resolved']),
  created_at: z.string(),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

export const moderationActionSchema = z.object({
  id: z.number(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number(),
  reason: z.string(),
  moderator: person.nullable(),
  created_at: z.string(),
});
export type ModerationActionEntry = z.infer<typeof moderationActionSchema>;

/** A report as the moderation queue shows it; `target` is a short summary of what was reported (null once it is gone). */
export const moderationReportSchema = reportAnswerSchema.extend({
  details: z.string(),
  resolved_at: z.string().nullable(),
  reporter: person,
  reports_count: z.number(),
  target: z.looseObject({ id: z.number() }).nullable(),
  resolution: moderationActionSchema.nullable(),
  history: z
    .object({
      reports: z.array(
        z.object({ id: z.number(), reporter: person, reason: z.string(), details: z.string(), status: z.string(), created_at: z.string() }),
      ),
      actions: z.array(moderationActionSchema),
    })
    .optional(),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

export const blockedUserSchema = person;
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const verificationRequestSchema = z.object({
  id: z.number(),
  supplier: person,
  registry: z.string(),
  registry_number: z.string(),
  document: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;
