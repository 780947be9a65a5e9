import { describe, expect, it } from 'vitest';
import { activateLanguage } from '@/app/i18n';
import { notificationText } from '@/app/navbar/notificationText';
import type { Notification } from '@/shared/chat';

const usd = (value: string) => `$${value}`;
const word = (kind: Notification['kind'], params: Notification['params'], message = 'English from the server.') =>
  notificationText({ kind, params, message }, usd);

/** The parameters exactly as server/routes/messages.ts, reviews and favorites store them. */
const MESSAGE_1 = { sender: 'Kemal', count: 1, conversation: 5 };
const MESSAGE_3 = { sender: 'Kemal', count: 3, conversation: 5 };
const OFFER = { sender: 'Ada', price: '18.00', product: 'Cotton towels', conversation: 5 };
const REVIEW = { product_id: 3, product_name: 'Cotton towels', rating: 4, reviewer_name: 'Ada' };
const FAVORITE = { product_id: 3, product_name: 'Cotton towels', user_name: 'Ada' };

describe('notifications worded from kind and params', () => {
  it('in English', () => {
    expect(word('new_message', MESSAGE_1)).toBe('New message from Kemal.');
    expect(word('new_message', MESSAGE_3)).toBe('3 new messages from Kemal.');
    expect(word('new_offer', OFFER)).toBe('Ada offered $18.00 for Cotton towels.');
    expect(word('new_offer', { ...OFFER, product: '' })).toBe('Ada offered $18.00.');
    expect(word('new_offer', { ...OFFER, count: 3 })).toBe('3 new offers from Ada.');
    expect(word('new_review', REVIEW)).toBe('Ada reviewed your product "Cotton towels" (4/5).');
    expect(word('new_favorite', FAVORITE)).toBe('Ada added your product "Cotton towels" to their favourites.');
  });

  it('in French, with French plurals', async () => {
    await activateLanguage('fr', false);
    expect(word('new_message', MESSAGE_1)).toBe('Nouveau message de Kemal.');
    expect(word('new_message', MESSAGE_3)).toBe('3 nouveaux messages de Kemal.');
    expect(word('new_offer', OFFER)).toBe('Ada a proposé $18.00 pour Cotton towels.');
    expect(word('new_offer', { ...OFFER, count: 3 })).toBe('3 nouvelles offres de Ada.');
    expect(word('new_review', REVIEW)).toBe('Ada a donné son avis sur votre produit « Cotton towels » (4/5).');
    expect(word('new_favorite', FAVORITE)).toBe('Ada a ajouté votre produit « Cotton towels » à ses favoris.');
  });

  it('in Turkish', async () => {
    await activateLanguage('tr', false);
    expect(word('new_message', MESSAGE_1)).toBe('Kemal size yeni bir mesaj gönderdi.');
    expect(word('new_message', MESSAGE_3)).toBe('Kemal size 3 yeni mesaj gönderdi.');
    expect(word('new_offer', OFFER)).toBe('Ada, Cotton towels için $18.00 teklif etti.');
    expect(word('new_offer', { ...OFFER, count: 3 })).toBe('Ada size 3 yeni teklif gönderdi.');
    expect(word('new_review', REVIEW)).toBe('Ada, "Cotton towels" ürününüzü değerlendirdi (4/5).');
    expect(word('new_favorite', FAVORITE)).toBe('Ada, "Cotton towels" ürününüzü favorilerine ekledi.');
  });

  it('words what was decided on a report, an appeal and a business verification', async () => {
    await activateLanguage('en', false);
    expect(word('report_resolved', { report: 1, target_type: 'message', action: 'suspend', appeal: 0 })).toBe(
      'We reviewed your report and suspended the account.',
    );
    expect(word('report_resolved', { report: 2, target_type: 'product', action: 'restore', appeal: 1 })).toBe(
      'We reviewed your appeal: your product is shown again.',
    );
    expect(word('verification_rejected', { registry: 'RCCM', request: 3, reason: 'Expired certificate' })).toBe(
      'Your business registration (RCCM) could not be approved: Expired certificate',
    );
    await activateLanguage('tr', false);
    expect(word('report_resolved', { report: 1, target_type: 'product', action: 'dismiss', appeal: 0 })).toBe(
      'Bildiriminizi inceledik ve bir işlem yapmadık.',
    );
    expect(word('verification_approved', { registry: 'MERSIS', request: 4 })).toBe(
      'İşletme kaydınız (MERSIS) kontrol edildi ve onaylandı.',
    );
    await activateLanguage('en', false);
  });

  it("falls back to the server's message when a parameter is missing or the kind is unknown", async () => {
    await activateLanguage('fr', false);
    expect(word('new_message', { count: 2 })).toBe('English from the server.');
    expect(word('new_offer', { sender: 'Ada' })).toBe('English from the server.');
    expect(word('new_review', { reviewer_name: 'Ada' })).toBe('English from the server.');
    expect(word('new_favorite', {})).toBe('English from the server.');
    expect(word('price_drop' as Notification['kind'], { sender: 'Ada' })).toBe('English from the server.');
  });
});
