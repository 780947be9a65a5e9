/**
 * Web Push rules both sides share (docs/api.md): the kinds a device switches on or off, and
 * which kind a notification is. Notifications of no kind here (reviews, favourites) are always
 * pushed.
 */
export const PUSH_KINDS = ['messages', 'offers', 'orders'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export type PushKinds = Record<PushKind, boolean>;

export const ALL_PUSH_KINDS: PushKinds = { messages: true, offers: true, orders: true };

/** The switch a notification kind (new_message, new_offer, order_...) answers to, or null for none. */
export function pushKindOf(notificationKind: string): PushKind | null {
  if (notificationKind.includes('order')) return 'orders';
  if (notificationKind.includes('offer')) return 'offers';
  if (notificationKind.includes('message')) return 'messages';
  return null;
}

/** As stored: the kinds switched on, comma-separated. */
export function kindsToText(kinds: PushKinds): string {
  return PUSH_KINDS.filter((kind) => kinds[kind]).join(',');
}

export function kindsFromText(text: string): PushKinds {
  const on = new Set(text.split(','));
  return { messages: on.has('messages'), offers: on.has('offers'), orders: on.has('orders') };
}

/**
 * Whether to offer notifications now (docs/product.md): never on a first visit nor before the
 * user has sent a message or an offer (someone is then waiting on an answer), never once the
 * browser has an answer (granted or blocked), and not again for a week after "Not now".
 */
export const ASK_AGAIN_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export interface OfferFacts {
  supported: boolean;
  permission: 'default' | 'granted' | 'denied';
  signedIn: boolean;
  /** The user has sent at least one message or offer from this device. */
  hasSent: boolean;
  /** When the user last chose "Not now" (ms), if ever. */
  dismissedAt: number | null;
  now: number;
}

export function shouldOfferPush(facts: OfferFacts): boolean {
  if (!facts.supported || !facts.signedIn || !facts.hasSent || facts.permission !== 'default') return false;
  return facts.dismissedAt === null || facts.now - facts.dismissedAt >= ASK_AGAIN_AFTER_MS;
}
