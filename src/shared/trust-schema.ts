import { z } from 'zod';
import { SERVER_MESSAGES } from './messages';
import {
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX,
  REGISTRY_NAMES,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  VERIFICATION_CHECKS,
  normalizeRegistryNumber,
  registryNumberValid,
  type Registry,
} from './trust';

/**
 * The API's inputs and answers for trust and safety (docs/api.md#trust-and-safety). Apart from
 * trust.ts's rules so that the device's start-up, which needs only those, does not evaluate zod.
 */

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
