import { plural, t } from '@lingui/core/macro';
import type { Notification } from '@/shared/chat';

/**
 * A notification worded in the active language from its `kind` and `params` (the server
 * words it in English only, in `message`). Parameters come from server/routes/messages.ts,
 * server/services/catalogue/reviews.ts and server/services/catalogue/favorites.ts; when one the wording needs is
 * missing, the server's own `message` is shown rather than a sentence with a hole in it.
 * `formatPrice` shows an offer's USD price in the user's currency.
 */
export function notificationText(n: Pick<Notification, 'kind' | 'params' | 'message'>, formatPrice: (usd: string) => string): string {
  const params = n.params ?? {};
  const text = (key: string) => {
    const value = params[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  };
  switch (n.kind) {
    case 'new_message': {
      const sender = text('sender');
      const count = Math.max(1, Number(params.count) || 1);
      if (!sender) break;
      return plural(count, { one: `New message from ${sender}.`, other: `# new messages from ${sender}.` });
    }
    case 'new_offer': {
      const sender = text('sender');
      const product = text('product');
      if (!sender || !text('price')) break;
      // Unread offers in one conversation gather into one notification (its count).
      const count = Math.max(1, Number(params.count) || 1);
      if (count > 1) return plural(count, { one: `# new offer from ${sender}.`, other: `# new offers from ${sender}.` });
      const price = formatPrice(text('price'));
      return product ? t`${sender} offered ${price} for ${product}.` : t`${sender} offered ${price}.`;
    }
    case 'new_review': {
      const reviewer = text('reviewer_name');
      const product = text('product_name');
      const rating = text('rating');
      if (!reviewer || !product || !rating) break;
      return t`${reviewer} reviewed your product "${product}" (${rating}/5).`;
    }
    case 'new_favorite': {
      const name = text('user_name');
      const product = text('product_name');
      if (!name || !product) break;
      return t`${name} added your product "${product}" to their favourites.`;
    }
    case 'offer_accepted':
    case 'offer_declined':
    case 'offer_countered':
    case 'offer_withdrawn': {
      const sender = text('sender');
      const product = text('product');
      if (!sender || !text('price')) break;
      const price = formatPrice(text('price'));
      if (n.kind === 'offer_accepted') return t`${sender} accepted your offer of ${price} for ${product}.`;
      if (n.kind === 'offer_declined') return t`${sender} declined your offer of ${price} for ${product}.`;
      if (n.kind === 'offer_countered') return t`${sender} countered with ${price} for ${product}.`;
      return t`${sender} withdrew the offer of ${price} for ${product}.`;
    }
    case 'order_requested':
    case 'order_confirmed':
    case 'order_declined':
    case 'order_shipped':
    case 'order_delivered':
    case 'order_cancelled': {
      // Parameters from server/services/deals/orders.ts.
      const sender = text('sender');
      const product = text('product');
      if (!sender || !product) break;
      if (n.kind === 'order_requested') return t`${sender} asks to order ${product}.`;
      if (n.kind === 'order_confirmed') return t`${sender} confirmed your order of ${product}.`;
      if (n.kind === 'order_declined') return t`${sender} declined your order of ${product}.`;
      if (n.kind === 'order_shipped') return t`${sender} shipped your order of ${product}.`;
      if (n.kind === 'order_delivered') return t`${sender} marked the order of ${product} delivered.`;
      return t`${sender} cancelled the order of ${product}.`;
    }
    case 'rfq_new': {
      // Parameters from server/services/wholesale/rfqs.ts.
      const title = text('title');
      const quantity = text('quantity');
      if (!title || !quantity) break;
      return t`New request for quotation: ${title} (${quantity}).`;
    }
    case 'rfq_quote': {
      const sender = text('sender');
      const title = text('title');
      if (!sender || !title || !text('price')) break;
      const price = formatPrice(text('price'));
      return t`${sender} quoted ${price} for "${title}".`;
    }
    case 'report_resolved': {
      // Parameters from server/services/trust/moderation.ts: what was decided on a report or an appeal.
      const action = text('action');
      if (action === 'restore') return t`We reviewed your appeal: your product is shown again.`;
      if (Number(params.appeal) === 1) return t`We reviewed your appeal: your product stays hidden.`;
      if (action === 'dismiss') return t`We reviewed your report and took no action.`;
      if (action === 'hide') return t`We reviewed your report and removed the content.`;
      if (action === 'suspend') return t`We reviewed your report and suspended the account.`;
      break;
    }
    case 'verification_approved':
    case 'verification_rejected': {
      // Parameters from server/services/trust/verification.ts.
      const registry = text('registry');
      if (!registry) break;
      if (n.kind === 'verification_approved') return t`Your business registration (${registry}) was checked and approved.`;
      const reason = text('reason');
      return t`Your business registration (${registry}) could not be approved: ${reason}`;
    }
  }
  return n.message;
}
