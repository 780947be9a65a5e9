import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../shared/constants';

/**
 * Languages (docs/product.md#who-it-is-for): en (source), fr, tr. The stored choice under 'language' wins, else
 * English. Each catalog is its own chunk, loaded when the language is first used.
 */
export const LANGUAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
  tr: () => import('../../locales/tr/messages.po'),
};

/** Loads a catalog (once), activates it, sets <html lang> and remembers the choice. */
export async function activateLanguage(language: Language, remember = true): Promise<void> {
  if (!i18n.messages || i18n.locale !== language) {
    const { messages } = await catalogs[language]();
    i18n.loadAndActivate({ locale: language, messages });
  }
  document.documentElement.lang = language;
  if (remember) {
    // Also a cookie: the server renders a landing page in it (docs/operations.md#pages-for-search-engines-and-link-previews).
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
    document.cookie = `${LANGUAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // No storage: the choice lasts for this visit.
    }
  }
}

export { i18n };
