import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGES, type Language } from '@/shared/constants';
import { DownloadIcon } from '../components/icons';
import { useLanguage } from './LanguageProvider';
import Logo from './Logo';
import { promptInstall, usePwa } from './pwa';

const NATIVE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', tr: 'Türkçe' };

/**
 * The foot of every page: what the marketplace is, the legal pages, the language (whole names here,
 * the navbar has the short buttons) and installing the app where the browser offers it.
 */
export default function Footer() {
  const { t } = useLingui();
  const { language, changeLanguage } = useLanguage();
  const { installPrompt } = usePwa();
  const [location] = useLocation();
  // The chat fills the screen like an app; a footer under its composer would only be in the way.
  if (location.startsWith('/chat')) return null;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__brand">
            <Logo size={24} /> Marketplace
          </p>
          <p className="site-footer__text">
            <Trans>Suppliers and buyers from Lagos, Dakar, Abidjan and Istanbul trade here, even on a weak connection.</Trans>
          </p>
        </div>
        <nav className="site-footer__links" aria-label={t`About the marketplace`}>
          <Link href="/terms-of-service">
            <Trans>Terms</Trans>
          </Link>
          <Link href="/privacy-policy">
            <Trans>Privacy</Trans>
          </Link>
        </nav>
        <div className="site-footer__settings">
          {/* Whole names here (the navbar has EN/FR/TR); buttons, not a list box, so the page has no stray options. */}
          <fieldset className="site-footer__languages">
            <legend className="site-footer__label">
              <Trans>Language of the app</Trans>
            </legend>
            {LANGUAGES.map((code) => (
              <button
                key={code}
                type="button"
                lang={code}
                className="site-footer__language"
                aria-pressed={language === code}
                onClick={() => changeLanguage(code)}
              >
                {NATIVE_NAMES[code]}
              </button>
            ))}
          </fieldset>
          {installPrompt ? (
            <button type="button" className="button button--small" onClick={() => promptInstall()}>
              <DownloadIcon /> <Trans>Install the app on this device</Trans>
            </button>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
