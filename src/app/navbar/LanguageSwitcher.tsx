import { useLingui } from '@lingui/react/macro';
import { LANGUAGES, type Language } from '@/shared/constants';
import { useLanguage } from '../LanguageProvider';

/** Each language named in itself, for the title of its button. */
const NATIVE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', tr: 'Türkçe' };

/** EN / FR / TR (docs/product.md#screens); the chosen one is pressed. */
export default function LanguageSwitcher() {
  const { language, changeLanguage } = useLanguage();
  const { t } = useLingui();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons in the navbar, outside any form; a fieldset would need a legend.
    <div className="segmented" role="group" aria-label={t`Language`}>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          title={NATIVE_NAMES[code]}
          aria-pressed={language === code}
          className="segmented__item"
          onClick={() => changeLanguage(code)}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
