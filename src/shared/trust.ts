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

/** What a supplier's public profile says was checked (`verification`). */
export const VERIFICATION_CHECKS = ['email', 'business_registration'] as const;
