import { describe, expect, it } from 'vitest';
import { activateLanguage } from '@/app/i18n';
import {
  formatDate,
  formatFileSize,
  formatListTime,
  formatNumber,
  formatPrice,
  formatPriceRange,
  formatRelativeTime,
} from '@/shared/format';

describe('formatting in the active language', () => {
  it('puts each currency symbol on its side with two decimals (docs/product.md#currency)', async () => {
    expect(formatPrice('12.5')).toBe('$12.50');
    expect(formatPrice('10', 'EUR', 0.92)).toBe('€9.20');
    expect(formatPrice('10', 'TRY', 32.5)).toBe('325.00 ₺');
    expect(formatPrice('10', 'XOF')).toBe('6,050.00 CFA');
    expect(formatPrice('1', 'NGN')).toBe('₦1,480.00');
  });

  it('shows a range as "min ~ max" and a single price when both ends match', () => {
    expect(formatPriceRange('10', '20')).toBe('$10.00 ~ $20.00');
    expect(formatPriceRange('10', '10.00')).toBe('$10.00');
  });

  it("gives a chat file's size in the language's units and digits", async () => {
    expect(formatFileSize(900)).toBe('900 byte');
    expect(formatFileSize(140_429)).toBe('140 kB');
    expect(formatFileSize(1_234_567)).toBe('1.2 MB');
    await activateLanguage('fr', false);
    expect(formatFileSize(140_429)).toBe('140\u202fko');
    expect(formatFileSize(1_234_567)).toBe('1,2\u202fMo');
    await activateLanguage('tr', false);
    expect(formatFileSize(1_234_567)).toBe('1,2 MB');
    await activateLanguage('en', false);
  });

  it('follows the language for separators, dates and relative times', async () => {
    await activateLanguage('fr', false);
    expect(formatNumber(1234.5)).toBe('1\u202f234,5');
    expect(formatPrice('10', 'TRY', 32.5)).toBe('325,00 ₺');
    expect(formatDate('2025-07-14T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('14 juillet 2025');
    await activateLanguage('tr', false);
    expect(formatDate('2025-07-14T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('14 Temmuz 2025');
    const now = new Date('2025-07-14T12:00:00Z');
    expect(formatRelativeTime('2025-07-14T11:55:00Z', now)).toBe('5 dakika önce');
    await activateLanguage('en', false);
    expect(formatRelativeTime('2025-07-13T12:00:00Z', now)).toBe('yesterday');
  });

  it('gives a conversation list a short time: the hour today, the weekday this week, else the day', async () => {
    const now = new Date(2025, 6, 14, 18, 0); // a Monday, local time
    await activateLanguage('tr', false);
    expect(formatListTime(new Date(2025, 6, 14, 9, 5), now)).toBe('09:05');
    expect(formatListTime(new Date(2025, 6, 11, 9, 5), now)).toBe('Cum');
    expect(formatListTime(new Date(2025, 2, 3, 9, 5), now)).toBe('3 Mar');
    await activateLanguage('en', false);
    expect(formatListTime(new Date(2025, 6, 11, 9, 5), now)).toBe('Fri');
    expect(formatListTime(new Date(2024, 2, 3, 9, 5), now)).toBe('3/3/24');
  });
});
