import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPayload } from '@server/services/push/sender';
import { PUSH_LANGUAGES, pushLanguage, pushText, readCatalog, SOURCES } from '@server/services/push/text';
import type { Notification } from '@/shared/chat';

const note = (over: Partial<Notification>): Notification => ({
  id: 1,
  message: 'English fallback.',
  link: '/chat/1',
  is_read: false,
  created_at: '2030-01-01T00:00:00.000Z',
  kind: 'new_message',
  params: {},
  ...over,
});

describe('push wording', () => {
  it.each(PUSH_LANGUAGES)("words pushes with the web app's own %s catalog entries", (language) => {
    const catalog = readCatalog(readFileSync(path.resolve(__dirname, `../../../../locales/${language}/messages.po`), 'utf8'));
    for (const source of Object.values(SOURCES)) expect(catalog.get(source), source).toBeTruthy();
  });

  it('words requests for quotation and their quotes', () => {
    const fresh = note({ kind: 'rfq_new', params: { title: 'Solar panels', quantity: 500 } });
    expect(pushText(fresh, 'en')).toBe('New request for quotation: Solar panels (500).');
    expect(pushText(fresh, 'tr')).toBe('Yeni teklif talebi: Solar panels (500).');
    const quoted = note({ kind: 'rfq_quote', params: { sender: 'Ada', price: '85.00', title: 'Solar panels' } });
    expect(pushText(quoted, 'en')).toBe('Ada quoted $85.00 for "Solar panels".');
    expect(pushText(quoted, 'fr')).toContain('Ada a proposé un devis de 85,00');
  });

  it('counts messages with each language’s plural rules', () => {
    const one = note({ params: { sender: 'Ada', count: 1 } });
    const three = note({ params: { sender: 'Ada', count: 3 } });
    expect(pushText(one, 'en')).toBe('New message from Ada.');
    expect(pushText(three, 'en')).toBe('3 new messages from Ada.');
    expect(pushText(one, 'fr')).toBe('Nouveau message de Ada.');
    expect(pushText(three, 'fr')).toBe('3 nouveaux messages de Ada.');
    expect(pushText(three, 'tr')).toBe('Ada size 3 yeni mesaj gönderdi.');
  });

  it('formats offer prices for the language, and falls back to the English message when a parameter is missing', () => {
    const offer = note({ kind: 'new_offer', params: { sender: 'Ada', price: '1234.50', product: 'Towels' } });
    expect(pushText(offer, 'en')).toBe('Ada offered $1,234.50 for Towels.');
    expect(pushText({ ...offer, params: { sender: 'Ada', price: '18.00' } }, 'tr')).toBe('Ada $18,00 teklif etti.');
    expect(pushText(note({ kind: 'new_review', params: { reviewer_name: 'Ada' } }), 'fr')).toBe('English fallback.');
  });

  it("words offers' answers and orders' moves in the reader's language", () => {
    const accepted = note({ kind: 'offer_accepted', params: { sender: 'Ada', price: '18.00', product: 'Towels' } });
    expect(pushText(accepted, 'en')).toBe('Ada accepted your offer of $18.00 for Towels.');
    expect(pushText(accepted, 'tr')).toBe('Ada, Towels için $18,00 teklifinizi kabul etti.');
    const shipped = note({ kind: 'order_shipped', params: { sender: 'Ada', product: 'Towels' } });
    expect(pushText(shipped, 'en')).toBe('Ada shipped your order of Towels.');
    expect(pushText(shipped, 'fr')).not.toBe(pushText(shipped, 'en'));
    expect(pushText(note({ kind: 'order_confirmed', params: { sender: 'Ada' } }), 'tr')).toBe('English fallback.');
  });

  it('words what was decided on a report, an appeal and a business verification', () => {
    const hidden = note({ kind: 'report_resolved', params: { report: 1, target_type: 'product', action: 'hide', appeal: 0 } });
    expect(pushText(hidden, 'en')).toBe('We reviewed your report and removed the content.');
    expect(pushText(hidden, 'fr')).toBe('Nous avons examiné votre signalement et retiré le contenu.');
    const kept = note({ kind: 'report_resolved', params: { report: 2, target_type: 'product', action: 'dismiss', appeal: 1 } });
    expect(pushText(kept, 'tr')).toBe('İtirazınızı inceledik: ürününüz gizli kalıyor.');
    const restored = note({ kind: 'report_resolved', params: { report: 3, target_type: 'product', action: 'restore', appeal: 1 } });
    expect(pushText(restored, 'en')).toBe('We reviewed your appeal: your product is shown again.');
    const approved = note({ kind: 'verification_approved', params: { registry: 'CAC', request: 4 } });
    expect(pushText(approved, 'tr')).toBe('İşletme kaydınız (CAC) kontrol edildi ve onaylandı.');
    const rejected = note({ kind: 'verification_rejected', params: { registry: 'VKN', request: 5, reason: 'Blurred scan' } });
    expect(pushText(rejected, 'fr')).toBe('Votre immatriculation d’entreprise (VKN) n’a pas pu être validée : Blurred scan');
  });

  it('reads language tags', () => {
    expect(pushLanguage('fr-FR')).toBe('fr');
    expect(pushLanguage('tr-TR,tr;q=0.9')).toBe('tr');
    expect(pushLanguage('de')).toBe('en');
    expect(pushLanguage(undefined)).toBe('en');
  });

  it('keeps a push within what push services take, newest notifications first', () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      note({ id: i + 1, created_at: `2030-01-01T00:00:${String(i).padStart(2, '0')}.000Z`, params: { sender: 'x'.repeat(600), count: 1 } }),
    );
    const payload = buildPayload(7, many, 'en');
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(3000);
    const parsed = JSON.parse(payload);
    expect(parsed.notifications[0].id).toBe(12);
    expect(parsed.user_id).toBe(7);
    expect(parsed.notifications.length).toBeGreaterThanOrEqual(1);
  });
});
