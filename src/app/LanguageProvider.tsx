import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import type { Language } from '../shared/constants';
import { firstRender } from '../queries/firstVisit';
import { activateLanguage, i18n, storedLanguage } from './i18n';

interface LanguageContextValue {
  language: Language;
  changeLanguage(language: Language): Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * Holds the active language. `fallback` shows while the first catalog loads (docs/product.md#screens: a
 * spinner while translations load, so it cannot use translations itself); later switches keep
 * the page and swap the texts.
 */
export function LanguageProvider({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  // A server-rendered page is rendered and hydrated in its own language, its catalog already active (src/main.tsx).
  const [language, setLanguage] = useState<Language>(() => firstRender()?.language ?? storedLanguage());
  // Its catalog may be active already (src/main.tsx asks for it before the first render): then no fallback first.
  const [ready, setReady] = useState(() => i18n.locale === language);

  useEffect(() => {
    let cancelled = false;
    activateLanguage(storedLanguage(), false)
      .catch((error) => console.error('Could not load the translations', error))
      .finally(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const changeLanguage = useCallback(async (next: Language) => {
    await activateLanguage(next);
    setLanguage(next);
  }, []);

  const value = useMemo(() => ({ language, changeLanguage }), [language, changeLanguage]);
  return (
    <LanguageContext.Provider value={value}>
      {ready ? <I18nProvider i18n={i18n}>{children}</I18nProvider> : fallback}
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside <LanguageProvider>');
  return value;
}
