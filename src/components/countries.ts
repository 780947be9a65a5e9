import { useLingui } from '@lingui/react';
import { COUNTRIES } from '../shared/constants';

/**
 * A country's name in the active language. English uses the spec's names (Türkiye,
 * Côte d'Ivoire); other languages ask the browser's Intl data, falling back to those names.
 */
export function useCountryName(): (code: string) => string {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'en';
  let names: Intl.DisplayNames | null = null;
  if (locale !== 'en') {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
  }
  return (code) => {
    const known = COUNTRIES.find((c) => c.code === code)?.name;
    return names?.of(code) ?? known ?? code;
  };
}
