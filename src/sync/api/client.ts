import { t } from '@lingui/core/macro';
import type { BuyerProfile, Category, Counts, OtpLogin, Page, SupplierProfile, TokenPair, User, UserSummary } from '../../shared/types';
import type {
  Banner,
  Favorite,
  Product,
  ProductFilters,
  ProductSection,
  Review,
  SearchSuggestion,
  SyncAnswer,
} from '../../shared/catalogue';
import type { Conversation, Message, Notification } from '../../shared/chat';
import type { AnswerShape } from './answers';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from '../session/tokens';
import { adoptWorkerTokens } from '../session/workerTokens';
import { reportReachable, reportUnreachable } from './connectivity';
import { reportHealthy, reportTrouble, retryAfterMs } from './health';
import { APP_VERSION_HEADERS, noteAppVersions } from './appVersion';
import { subjectOf } from '../session/identity';
import type { PasswordResetConfirm } from '../../shared/password-reset';
import type { OfferAction, OrderAction } from '../../shared/deals';
import type { OfferAnswer, Order } from '../../shared/deals-schema';
import type { ModerationAction } from '../../shared/trust';
import type {
  BlockedUser,
  ModerationActionEntry,
  ModerationReport,
  ReportAnswer,
  ReportInput,
  VerificationRequest,
} from '../../shared/trust-schema';
import type { Rfq, RfqQuote } from '../../shared/rfqs';

/**
 * The one typed client for the API (docs/architecture.md#the-web-app-one-direction: online-only forms and the sync layer use it;
 * screens never call fetch). Every request carries the stored bearer token; a 401 triggers
 * ONE refresh with the rotating refresh token, shared by every request waiting on it, then
 * the request is retried once. When the refresh fails the tokens are cleared and the user
 * silently becomes a guest (docs/product.md#messages).
 */
export let API_BASE = '/api';

/** Another origin for the API (tests on Node, where relative URLs mean nothing). */
export function setApiBase(base: string): void {
  API_BASE = base.replace(/\/+$/, '');
}

/** Any answer outside 2xx; status 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown, message?: string) {
    super(message ?? messageOf(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function messageOf(status: number, body: unknown): string {
  if (body && typeof body === 'object' && typeof (body as { detail?: unknown }).detail === 'string') {
    return (body as { detail: string }).detail;
  }
  if (status === 0) return t`Could not reach the server. Check your connection.`;
  return t`The server answered with an error (${status}).`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Sign-in calls neither send a token nor try to refresh one. */
  anonymous?: boolean;
  /** Give up after this long (ms) and count the server as unreachable; uploads pass a longer one. */
  timeoutMs?: number;
  /** The answer's shared schema, by name: checked in development and tests (./answers.ts). */
  shape?: AnswerShape;
  /**
   * Only under this user's session (an outbox entry's owner): when the stored tokens are
   * someone else's at the moment the request leaves, or after a refresh, it is not sent and
   * `OtherSessionError` is thrown (docs/sync.md#identity).
   */
  asUser?: number;
}

/** The stored session belongs to another user than the one a request was for: nothing was sent. */
export class OtherSessionError extends Error {
  constructor() {
    super('The stored session belongs to another user');
    this.name = 'OtherSessionError';
  }
}

/** Whose session a token pair is (the access token's subject, else the refresh token's); undefined when neither says. */
function ownerOf(access: string | null, refresh: string | null): number | null | undefined {
  const subject = subjectOf(access);
  if (typeof subject === 'number') return subject;
  const other = subjectOf(refresh);
  return other === null ? subject : other;
}

/**
 * Answers are checked in development and tests only; production never loads the schemas.
 * The checks load with this module, so once loaded they add no wait to an answer.
 */
const CHECK_ANSWERS = Boolean(import.meta.env?.DEV) || import.meta.env?.MODE === 'test';
let answers: typeof import('./answers') | undefined;
const loadingAnswers = CHECK_ANSWERS ? import('./answers').then((loaded) => (answers = loaded)) : undefined;

/** Every request has a timeout: on a hanging connection ("lie-fi") the app must learn it is offline. */
export let REQUEST_TIMEOUT_MS = 20_000;

export function setRequestTimeout(ms: number): void {
  REQUEST_TIMEOUT_MS = ms;
}

function urlOf(path: string, query?: RequestOptions['query']): string {
  const clean = path.replace(/^\/+/, '');
  let url = `${API_BASE}/${clean}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const text = params.toString();
    if (text) url += `?${text}`;
  }
  return url;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...APP_VERSION_HEADERS };
  // The app's language, not the browser's: categories and banners answer in it (docs/api.md#content-languages).
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language) headers['Accept-Language'] = language;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token && !options.anonymous) headers.Authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await fetch(urlOf(path, options.query), { method: options.method ?? 'GET', headers, body, signal });
    reportReachable();
    noteAppVersions(response);
    if (response.status >= 500 || response.status === 429) reportTrouble(retryAfterMs(response.headers.get('Retry-After')));
    else reportHealthy();
    return response;
  } catch (error) {
    // The caller cancelled: not a connectivity fact.
    if (options.signal?.aborted) throw error;
    reportUnreachable();
    throw new ApiError(0, null);
  }
}

async function parse<T>(response: Response): Promise<T> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    // The connection dropped (or the request timed out) while the answer was arriving.
    reportUnreachable();
    throw new ApiError(0, null);
  }
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data as T;
}

let refreshing: Promise<string | null> | null = null;

/** A new start (a reload): a refresh an earlier page left unanswered is not waited for. */
export function forgetRefresh(): void {
  refreshing = null;
}

const rotate = async (refresh: string) =>
  parse<TokenPair>(await send('auth/token/refresh/', { method: 'POST', body: { refresh }, anonymous: true }, null));

/** Whether a JWT's `exp` has passed; a token that cannot be read is left to the server. */
function expired(token: string): boolean {
  try {
    const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now();
  } catch {
    return false;
  }
}

/**
 * Exchanges the refresh token for a new pair; concurrent callers share one exchange.
 * Resolves to the new access token, or null after a failed refresh (tokens cleared).
 * A network failure or a server in trouble keeps the tokens: the session is still good once
 * the server answers again.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    await adoptWorkerTokens();
    const refresh = getRefreshToken();
    if (!refresh) {
      clearTokens();
      return null;
    }
    try {
      let pair = await rotate(refresh);
      setTokens(pair);
      // A lost answer asked for again much later is the pair the server made then: its access
      // token may have expired, but its refresh token is unused and rotates at once.
      if (expired(pair.access)) {
        pair = await rotate(pair.refresh);
        setTokens(pair);
      }
      return pair.access;
    } catch (error) {
      // Only the server refusing the token ends the session. A lost answer (status 0) is asked
      // for again with the same token, which the server answers with the same new pair
      // (docs/api.md); a server in trouble (5xx, 429) is asked again later.
      if (error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500)) throw error;
      clearTokens();
      return null;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** One API call: JSON in, JSON out, refresh-and-retry-once on 401. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const answer = await exchange<T>(path, options);
  if (options.shape && loadingAnswers) (answers ?? (await loadingAnswers)).checkShape(path, options.shape, answer);
  return answer;
}

async function exchange<T>(path: string, options: RequestOptions): Promise<T> {
  const used = options.anonymous ? null : getAccessToken();
  // Checked in the same turn as the token is read and the request leaves: another tab may
  // switch the stored session at any await, so a check made earlier by the caller is stale.
  const owner = ownerOf(used, getRefreshToken());
  if (options.asUser !== undefined && owner !== undefined && owner !== options.asUser) throw new OtherSessionError();
  const response = await send(path, options, used);
  if (response.status !== 401 || options.anonymous || !getRefreshToken()) return parse<T>(response);

  // Another request may already have refreshed while this one was in flight.
  const current = getAccessToken();
  const fresh = current && current !== used ? current : await refreshAccessToken();
  if (!fresh) return parse<T>(response);
  // Another tab signed in as someone else meanwhile: never repeat this request as them.
  const asked = options.asUser ?? owner;
  if (typeof asked === 'number' && subjectOf(fresh) !== asked) {
    if (options.asUser !== undefined) throw new OtherSessionError();
    return parse<T>(response);
  }
  return parse<T>(await send(path, options, fresh));
}

/** Lists come paged ({results}) or as plain arrays (docs/api.md#calls). */
export function listOf<T>(data: Page<T> | T[] | null | undefined): T[] {
  if (Array.isArray(data)) return data;
  return data?.results ?? [];
}

export interface RegistrationInput {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  country: string;
  password1: string;
  password2: string;
}

export type { Counts };

export type { Notification };

/** GET /api/products/<section>/ (README "Listing sections"); 'all' is the plain list. */
export type { ProductFilters, ProductSection, SearchSuggestion };

export interface SentMessage {
  text?: string;
  image?: string | null;
  /** The file's name on this device, shown to both sides instead of the stored name. */
  file_name?: string | null;
  price?: string | null;
  client_id: string;
}

/** The upload answer, in the hosted service's shape (docs/api.md#uploads). */
export interface UploadAnswer {
  secure_url: string;
  resource_type: string;
  format: string;
  bytes: number;
}

/** Where chat files go and the preset sent along (docs/api.md#uploads: configuration, defaulting to our own endpoint). */
export const UPLOAD_URL = 'media/upload/';
export const UPLOAD_PRESET = 'marketplace';
export const RATES_PATH = 'rates/latest/USD/';

export type { OtpLogin };

export const api = {
  login: (email: string, password: string) =>
    request<TokenPair>('auth/login/', { method: 'POST', body: { email, password }, anonymous: true, shape: 'tokenPair' }),
  /** Answers the registration token: proof, sent back with the code, that this client made the sign-up. */
  register: async (input: RegistrationInput): Promise<string | null> => {
    const answer = await request<{ registration_token?: string } | null>('auth/registration/', {
      method: 'POST',
      body: input,
      anonymous: true,
    });
    return answer?.registration_token ?? null;
  },
  /** Sends the stored token when there is one: a sign-in of the account is proof of sign-up too. */
  verifyOtp: (email: string, otp: string, registrationToken?: string | null) =>
    request<OtpLogin>('auth/otp/verify/', {
      method: 'POST',
      body: registrationToken ? { email, otp, registration_token: registrationToken } : { email, otp },
      shape: 'otpLogin',
    }),
  setPassword: async (input: { new_password1: string; new_password2: string }): Promise<void> => {
    await request('auth/password/set/', { method: 'POST', body: input });
  },
  resendOtp: async (email: string): Promise<void> => {
    await request('auth/otp/resend/', { method: 'POST', body: { email }, anonymous: true });
  },
  /** Revokes a refresh token on the server (docs/api.md#tokens). */
  logout: async (refresh: string): Promise<void> => {
    await request('auth/logout/', { method: 'POST', body: { refresh }, anonymous: true });
  },
  changePassword: async (input: { old_password: string; new_password1: string; new_password2: string }): Promise<void> => {
    await request('auth/password/change/', { method: 'POST', body: input });
  },
  /** "Forgot password?" (docs/api.md#password-reset): the answer never says whether the address has an account. */
  requestPasswordReset: async (email: string): Promise<void> => {
    await request('auth/password/reset/', { method: 'POST', body: { email }, anonymous: true });
  },
  /** Every sign-in of the account ends; the caller signs in again with the new password. */
  confirmPasswordReset: async (input: PasswordResetConfirm): Promise<void> => {
    await request('auth/password/reset/confirm/', { method: 'POST', body: input, anonymous: true });
  },
  me: () => request<User>('me/', { shape: 'user' }),
  updateMe: (form: FormData) => request<User>('me/', { method: 'PATCH', body: form, shape: 'user' }),
  setAccountType: (form: FormData) => request<User>('me/set-account-type/', { method: 'POST', body: form, shape: 'user' }),
  deleteAccount: async (password: string): Promise<void> => {
    await request('me/delete-account/', { method: 'POST', body: { password } });
  },
  counts: () => request<Counts>('me/counts/', { shape: 'counts' }),
  categories: async (): Promise<Category[]> => listOf(await request<Page<Category> | Category[]>('categories/', { shape: 'categories' })),
  suggestions: async (term: string, limit: number, signal?: AbortSignal): Promise<SearchSuggestion[]> =>
    listOf(await request<Page<SearchSuggestion> | SearchSuggestion[]>('products/', { query: { search: term, limit }, signal })),
  /** The server's correction of a search's typos (docs/api.md#search), if it has one. */
  didYouMean: async (term: string, signal?: AbortSignal): Promise<string | undefined> =>
    (await request<Page<unknown>>('products/', { query: { search: term, limit: 1 }, signal })).did_you_mean,
  unreadNotifications: async (): Promise<Notification[]> =>
    listOf(await request<Page<Notification> | Notification[]>('notifications/', { query: { is_read: 'false' }, shape: 'notifications' })),
  markNotificationRead: async (id: number, asUser?: number): Promise<void> => {
    await request(`notifications/${id}/mark-as-read/`, { method: 'POST', asUser });
  },
  health: () => request<{ status: string }>('health/', { anonymous: true, timeoutMs: 5_000 }),
  sync: async (query: { since?: string | null; limit?: number; collections?: string[]; shape?: string }, signal?: AbortSignal) => {
    return request<SyncAnswer>('sync/', {
      query: { since: query.since ?? undefined, limit: query.limit, collections: query.collections?.join(','), shape: query.shape },
      signal,
      shape: 'sync',
    });
  },
  productPage: (section: ProductSection, filters: ProductFilters, limit: number, offset: number) =>
    request<Page<Product>>(section === 'all' ? 'products/' : `products/${section}/`, {
      query: { ...filters, limit, offset },
      shape: 'productPage',
    }),
  productCount: async (): Promise<number> => (await request<Page<Product>>('products/', { query: { limit: 1 } })).count,
  product: (id: number) => request<Product>(`products/${id}/`, { shape: 'product' }),
  reviews: (productId: number, limit: number, offset: number) =>
    request<Page<Review>>(`products/${productId}/reviews/`, { query: { limit, offset }, shape: 'reviewPage' }),
  createReview: (productId: number, input: { rating: number; comment: string; client_id: string }, asUser?: number) =>
    request<Review>(`products/${productId}/reviews/`, { method: 'POST', body: input, shape: 'review', asUser }),
  editReview: (productId: number, reviewId: number, comment: string, asUser?: number) =>
    request<Review>(`products/${productId}/reviews/${reviewId}/`, { method: 'PATCH', body: { comment }, shape: 'review', asUser }),
  // Typed as a supplier's page; anyone else's page (publicUserSchema) has only id and user_type of it.
  publicUser: (id: number) => request<UserSummary & { seller_average_rating?: string | null }>(`users/${id}/`, { shape: 'publicUser' }),
  banners: async (): Promise<Banner[]> => listOf(await request<Page<Banner> | Banner[]>('banners/', { shape: 'banners' })),
  addFavorite: (product: number, client_id: string, asUser?: number) =>
    request<Favorite>('favorites/', { method: 'POST', body: { product, client_id }, shape: 'favorite', asUser }),
  removeFavorite: async (product: number, asUser?: number): Promise<void> => {
    await request(`favorites/by-product/${product}/`, { method: 'DELETE', asUser });
  },
  startConversation: (product: number, supplier: number) =>
    request<Conversation>('conversations/', { method: 'POST', body: { product, participants: [supplier] }, shape: 'conversation' }),
  conversation: (id: number) => request<Conversation>(`conversations/${id}/`, { shape: 'conversation' }),
  /** Reading a conversation's messages also marks it read for the reader (server/routes/messages.ts). */
  conversationMessages: (id: number, limit: number, offset = 0) =>
    request<Page<Message>>(`conversations/${id}/messages/`, { query: { limit, offset }, shape: 'messagePage' }),
  sendMessage: (conversation: number, message: SentMessage, asUser?: number) =>
    request<Message>(`conversations/${conversation}/messages/`, { method: 'POST', body: message, shape: 'message', asUser }),
  upload: (file: Blob, name: string, asUser?: number) => {
    const form = new FormData();
    form.append('file', file, name);
    form.append('upload_preset', UPLOAD_PRESET);
    return request<UploadAnswer>(UPLOAD_URL, { method: 'POST', body: form, timeoutMs: 10 * 60_000, asUser });
  },
  rates: () => request<{ base_code: string; conversion_rates: Record<string, number> }>(RATES_PATH),
  supplierProfile: () => request<SupplierProfile>('profile/supplier/', { shape: 'supplierProfile' }),
  buyerProfile: () => request<BuyerProfile>('profile/buyer/', { shape: 'buyerProfile' }),
  updateSupplierProfile: (form: FormData) =>
    request<SupplierProfile>('profile/supplier/', { method: 'PATCH', body: form, shape: 'supplierProfile' }),
  updateBuyerProfile: (form: FormData) => request<BuyerProfile>('profile/buyer/', { method: 'PATCH', body: form, shape: 'buyerProfile' }),
  /** Deals (docs/api.md#offers-and-orders): each idempotent by its client_id. */
  answerOffer: (offer: number, action: OfferAction, body: { client_id: string; price?: string; quantity?: number }, asUser?: number) =>
    request<OfferAnswer>(`offers/${offer}/${action}/`, { method: 'POST', body, shape: 'offerAnswer', asUser }),
  createOrder: (body: { product: number; quantity?: number; sample?: boolean; client_id: string }, asUser?: number) =>
    request<Order>('orders/', { method: 'POST', body, shape: 'order', asUser }),
  moveOrder: (order: number, action: OrderAction, body: { reason?: string | null; client_id: string }, asUser?: number) =>
    request<Order>(`orders/${order}/${action}/`, { method: 'POST', body, shape: 'order', asUser }),
  /** Trust and safety (docs/api.md#trust-and-safety): a report is idempotent by its client_id. */
  report: (body: ReportInput & { client_id: string }, asUser?: number) =>
    request<ReportAnswer>('reports/', { method: 'POST', body, shape: 'report', asUser }),
  /** Blocking: online only (docs/product.md#trust-and-safety). Both calls are idempotent. */
  block: async (user: number): Promise<void> => {
    await request(`users/${user}/block/`, { method: 'POST' });
  },
  unblock: async (user: number): Promise<void> => {
    await request(`users/${user}/block/`, { method: 'DELETE' });
  },
  blocked: async (): Promise<BlockedUser[]> =>
    listOf(await request<Page<BlockedUser>>('me/blocked/', { query: { limit: 200 }, shape: 'blockedPage' })),
  /** A supplier's business verification: their requests, newest first, and a new one (online forms). */
  verificationRequests: () => request<VerificationRequest[]>('me/verification/', { shape: 'verificationRequests' }),
  requestVerification: (body: { registry: string; registry_number: string; document: string }) =>
    request<{ id: number; status: 'pending' }>('me/verification/', { method: 'POST', body }),
  /**
   * A supplier's products a moderator hid, and the one appeal of each (docs/api.md#trust-and-safety):
   * online, held in memory by src/queries/hiddenProducts.ts, never in the device's catalogue.
   */
  hiddenProducts: async (): Promise<Product[]> =>
    listOf(await request<Page<Product>>('me/hidden-products/', { query: { limit: 100 }, shape: 'productPage' })),
  appealProduct: (product: number, details: string) =>
    request<ReportAnswer>(`products/${product}/appeal/`, { method: 'POST', body: { details }, shape: 'report' }),
  /** Moderators only (docs/api.md#trust-and-safety): online, straight to the server. */
  moderationReports: (status: 'open' | 'resolved', limit: number, offset = 0) =>
    request<Page<ModerationReport>>('moderation/reports/', { query: { status, limit, offset }, shape: 'moderationReportPage' }),
  resolveReport: (report: number, action: ModerationAction, reason: string) =>
    request<ModerationReport>(`moderation/reports/${report}/resolve/`, {
      method: 'POST',
      body: { action, reason },
      shape: 'moderationReport',
    }),
  moderationReport: (report: number) => request<ModerationReport>(`moderation/reports/${report}/`, { shape: 'moderationReport' }),
  reinstateUser: async (user: number, reason: string): Promise<void> => {
    await request(`moderation/users/${user}/reinstate/`, { method: 'POST', body: { reason } });
  },
  restoreProduct: async (product: number, reason: string): Promise<void> => {
    await request(`moderation/products/${product}/restore/`, { method: 'POST', body: { reason } });
  },
  moderationVerifications: (limit: number, offset = 0) =>
    request<Page<VerificationRequest>>('moderation/verifications/', {
      query: { status: 'pending', limit, offset },
      shape: 'verificationPage',
    }),
  decideVerification: (id: number, decision: 'approve' | 'reject', reason: string) =>
    request<VerificationRequest>(`moderation/verifications/${id}/${decision}/`, {
      method: 'POST',
      body: reason ? { reason } : {},
      shape: 'verificationRequest',
    }),
  moderationActions: (limit: number, offset = 0) =>
    request<Page<ModerationActionEntry>>('moderation/actions/', { query: { limit, offset }, shape: 'moderationActionPage' }),
  /** Requests for quotation (docs/api.md#requests-for-quotation): each write idempotent by its client_id. */
  createRfq: (
    body: {
      title: string;
      description: string;
      category: number;
      quantity: number;
      target_price: string | null;
      deadline: string;
      images: string[];
      client_id: string;
    },
    asUser?: number,
  ) => request<Rfq>('rfqs/', { method: 'POST', body, shape: 'rfq', asUser }),
  sendQuote: (
    rfq: number,
    body: { product: number; unit_price: string; quantity: number; lead_time_days: number; note: string; client_id: string },
    asUser?: number,
  ) => request<RfqQuote>(`rfqs/${rfq}/quotes/`, { method: 'POST', body, shape: 'rfqQuote', asUser }),
  closeRfq: (rfq: number, client_id: string, asUser?: number) =>
    request<Rfq>(`rfqs/${rfq}/close/`, { method: 'POST', body: { client_id }, shape: 'rfq', asUser }),
  /** Only notifications created at or before `until` (the newest one the device showed). */
  markAllNotificationsRead: async (until?: string, asUser?: number): Promise<void> => {
    await request('notifications/mark-all-as-read/', { method: 'POST', body: until ? { until } : undefined, asUser });
  },
};
