import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@server/db';
import { normalizeSearchText } from '@/shared/search';
import { openTestDatabase } from '../helpers';

/**
 * The device searches its own copy of the catalogue with normalizeSearchText (src/shared/search.ts);
 * the server with the SQL function search_normalize (server/db/migrations/0003_catalogue.ts). A
 * product found online must be found offline by the same words, so the two foldings must agree on
 * every text a supplier or a buyer may type: Turkish dotted and dotless i, French accents, the
 * ligatures, emoji and mixed scripts. Run on PGlite and, with DATABASE_URL, on PostgreSQL. The
 * device folds with PGlite's dictionary (scripts/unaccent-rules.mjs); an older PostgreSQL's
 * lacks a few rarities (ª, º, superscript letters), which these texts leave out.
 */
const TEXTS = [
  // Turkish: the four i's, and the letters with cedilla and breve.
  'İstanbul',
  'ırmak',
  'IRMAK',
  'Iğdır',
  'KIRMIZI HALI',
  'kırmızı halı',
  'ÇİĞ KÖFTE',
  'Şişe, ŞİŞE, şişe',
  'Türk Kahvesi – 100 g',
  'Jakarlı Masa Örtüsü',
  'İ̇stanbul',
  // French: accents on both cases, the ligatures.
  'Café Arabica de Man',
  'CAFÉ',
  'Crème brûlée à la française',
  'Pâte d’arachide, noix de cajou grillées',
  'Œuvre d’art, cœur, sœur',
  'ŒUVRE',
  'Æsthétique, Ægée',
  'Noël, naïf, Haïti, Ÿ',
  'façade, Ça',
  // German and Nordic letters the SQL dictionary folds.
  'Straße, STRASSE',
  'Øresund, Ødegaard',
  'Łódź, Đakovo',
  // Other scripts pass through, lowercased where they have case.
  'Ελληνικά ΓΡΆΜΜΑΤΑ, ΟΔΟΣ',
  'Café\u0301 written apart, e\u0300',
  'Кириллица ЁЛКА',
  'العربية',
  '中文 日本語 한국어',
  // Emoji, alone and in words, with a skin tone and a joiner.
  'Solar ☀️ panel 🔋',
  '👍🏾 good',
  '👨‍👩‍👧 family pack',
  // Spaces, digits and punctuation stay.
  '  Shea Butter,  Unrefined – 20 kg  ',
  '3.00-18 / 5 kVA',
  '',
];

describe('search folding: the device and the server fold text the same way', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  it.each(TEXTS)('folds %j the same in JS and in SQL', async (text) => {
    const { rows } = await sql<{ folded: string }>`select search_normalize(${text}) as folded`.execute(handle.db);
    expect(normalizeSearchText(text)).toBe(rows[0].folded);
  });
});
