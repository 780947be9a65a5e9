import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';

/**
 * Operator-made content (category names, banner titles) in every language of the app
 * (docs/api.md#content-languages). The API keeps the spec's single field (`name`, `title`) in
 * the reader's language and adds every translation beside it (`names`, `titles`), so a device
 * can switch languages offline from the rows it already holds.
 */

/** A text in each language (its zod shape: content-language-schema.ts, kept apart so the first screen loads no zod). */
export interface LocalizedText {
  en: string;
  fr: string;
  tr: string;
}

/**
 * The best of our languages for an Accept-Language header ("tr-TR,tr;q=0.9,en;q=0.8"):
 * the highest-weighted tag whose primary subtag we speak, else English.
 */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { language: Language; q: number } | null = null;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag, ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!(LANGUAGES as readonly string[]).includes(primary)) continue;
    if (!best || q > best.q) best = { language: primary as Language, q };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}

/** The text in `language`, falling back to the row's own text (English) where a translation is missing or blank. */
export function localized(fallback: string, texts: Partial<LocalizedText> | null | undefined, language: string): string {
  const text = texts?.[language as Language];
  return typeof text === 'string' && text.trim() !== '' ? text : fallback;
}

/**
 * A complete set of translations for a row whose own text (`english`) is the English one: it
 * always wins for English (a renamed row is never shown under its old name), the given
 * translations for the others, English where one is missing.
 */
export function allLanguages(english: string, texts: Partial<LocalizedText> | null | undefined): LocalizedText {
  return { en: english, fr: localized(english, texts, 'fr'), tr: localized(english, texts, 'tr') };
}
