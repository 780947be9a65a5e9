import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCounts } from '@/queries/counts';
import { useAuth } from '@/queries/auth';
import { useHideOnScroll } from '../hooks';
import { BoltIcon, ChatIcon, CloseIcon, HeartIcon, HomeIcon, MenuIcon, SparkleIcon } from '@/components/icons';
import InstallButton from '../InstallButton';
import Logo from '../Logo';
import Badge from './Badge';
import CategoriesMenu from './CategoriesMenu';
import LanguageSwitcher from './LanguageSwitcher';
import NotificationBell from './NotificationBell';
import ProfileMenu from './ProfileMenu';
import SearchBox from './SearchBox';
import ThemeToggle from './ThemeToggle';

/**
 * The top navbar (docs/product.md#screens). Desktop: everything in one bar. Mobile: logo, bell and a menu
 * button; the menu folds out with the links, categories, language and theme; the search box
 * sits on its own row. Hides when scrolling down past 100 px, shows when scrolling up.
 */
export default function Navbar() {
  const { status, user } = useAuth();
  const counts = useCounts();
  const { t } = useLingui();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const hidden = useHideOnScroll(menuOpen);
  const signedIn = status === 'authenticated' && user !== null;
  const closeMenu = () => setMenuOpen(false);

  // A route change closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger, not a value read.
  useEffect(() => {
    setMenuOpen(false);
  }, [location]);

  const favorites = counts.favorites;
  const favoritesLabel = favorites > 0 ? t`Favorites, ${favorites}` : t`Favorites`;
  const unread = counts.messages_unread;
  const messagesLabel = unread > 0 ? t`Messages, ${unread} unread` : t`Messages`;

  return (
    <header className={`navbar${hidden ? ' navbar--hidden' : ''}${menuOpen ? ' navbar--open' : ''}`}>
      <div className="navbar__bar">
        <button
          type="button"
          className="nav-button navbar__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="navbar-menu"
          aria-label={menuOpen ? t`Close menu` : t`Open menu`}
          onClick={() => setMenuOpen((v) => !v)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link href="/" className="navbar__brand" aria-label={t`Marketplace home`}>
          <Logo size={32} /> <span className="navbar__name">Marketplace</span>
        </Link>

        <nav id="navbar-menu" className="navbar__menu" aria-label={t`Main`}>
          <Link href="/" className="nav-link" aria-current={location === '/' ? 'page' : undefined}>
            <HomeIcon />{' '}
            <span>
              <Trans>Home</Trans>
            </span>
          </Link>
          <CategoriesMenu onNavigate={closeMenu} />
          <Link href="/flash-deals" className="nav-link" aria-current={location === '/flash-deals' ? 'page' : undefined}>
            <BoltIcon />{' '}
            <span>
              <Trans>Flash deals</Trans>
            </span>
          </Link>
          <Link href="/new-arrivals" className="nav-link" aria-current={location === '/new-arrivals' ? 'page' : undefined}>
            <SparkleIcon />{' '}
            <span>
              <Trans>New arrivals</Trans>
            </span>
          </Link>
          {menuOpen ? (
            <div className="navbar__menu-extras">
              <LanguageSwitcher />
              <ThemeToggle withLabel />
              <InstallButton className="nav-link" />
            </div>
          ) : null}
        </nav>

        <div className="navbar__search">
          <SearchBox />
        </div>

        <div className="navbar__actions">
          <span className="navbar__desktop-only">
            <LanguageSwitcher />
          </span>
          <span className="navbar__desktop-only">
            <ThemeToggle />
          </span>
          <span className="navbar__desktop-only">
            <InstallButton />
          </span>
          <NotificationBell />
          {signedIn ? (
            <>
              <Link href="/favorites" className="nav-button navbar__desktop-only" aria-label={favoritesLabel} title={t`Favorites`}>
                <HeartIcon />
                <Badge count={favorites} />
              </Link>
              <Link href="/chat/all" className="nav-button navbar__desktop-only" aria-label={messagesLabel} title={t`Messages`}>
                <ChatIcon />
                <Badge count={unread} />
              </Link>
              <ProfileMenu />
            </>
          ) : (
            <Link href="/login" className="button button--primary button--small">
              <Trans>Log in</Trans>
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
