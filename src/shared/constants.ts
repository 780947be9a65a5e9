/** Business constants of docs/product.md#constants, used by the server and the web app alike. */

export const LANGUAGES = ['en', 'fr', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const COUNTRIES = [
  { code: 'TR', name: 'Türkiye' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'SN', name: 'Senegal' },
  { code: 'CI', name: "Côte d'Ivoire" },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]['code'];
export const DEFAULT_COUNTRY: CountryCode = 'NG';

export const USER_TYPES = ['SUPPLIER', 'BUYER'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_MS = 60 * 1000;

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Chat files and every other upload: 50 MB. */
export const MAX_UPLOAD_BYTES = 52_428_800;
export const GALLERY_MAX_FILES = 10;
/** Per-user upload quotas: a few product posts (11 files each) a minute; four full-size files a day. */
export const UPLOAD_FILES_PER_MINUTE = 60;
export const UPLOAD_BYTES_PER_DAY = 4 * MAX_UPLOAD_BYTES;
/**
 * Image bombs: a small file can decode to gigabytes. An image may hold at most this many
 * pixels, all its frames together, and an animation at most this many frames.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_FRAMES = 100;
export const THUMBNAIL_MAX_FILES = 1;
export const MIN_STOCK = 1;
export const MIN_ORDER_QUANTITY = 1;
export const PRICE_STEP = 0.01;

export const REVIEW_MIN_RATING = 1;
export const REVIEW_MAX_RATING = 5;
/** A review's comment, in characters (here, not beside the review schema, so showing a review does not load zod). */
export const REVIEW_COMMENT_MAX = 2000;

export const COUNTS_REFRESH_MS = 60_000;
export const CHAT_POLL_MS = 5_000;
export const NEAR_BOTTOM_PX = 200;
export const SUGGESTION_DEBOUNCE_MS = 300;
export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_LIMIT = 5;
export const RECENTLY_VIEWED_MAX = 5;
export const FAVORITE_TOAST_MS = 2_500;
export const NAVBAR_HIDE_AFTER_PX = 100;
export const CAROUSEL_INTERVAL_MS = 5_000;
export const CAROUSEL_SWIPE_PX = 40;
export const SPLASH_MS = 1_500;
/** A first visit's local database waits at most this long for the home's first data (src/main.tsx). */
export const DEVICE_HOLD_MAX_MS = 10_000;
/** The one-click offers' step, and the band a buyer's price may move within (docs/product.md#deals). */
export const OFFER_STEP = 0.1;
export const LEGAL_LAST_UPDATED = '2025-07-14';
export const RATES_CACHE_MS = 60 * 60 * 1000;
/** Widths `/media/<file>?w=` answers a resized WebP at (cards, galleries, avatars, logos). */
export const MEDIA_WIDTHS = [200, 400, 800] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];
