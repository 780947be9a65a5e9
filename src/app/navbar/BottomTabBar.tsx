import { Link, useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useCounts } from '@/queries/counts';
import { useAuth } from '@/queries/auth';
import { ChatIcon, HeartIcon, HomeIcon, PlusIcon, UserIcon } from '@/components/icons';
import Badge from './Badge';

interface TabProps {
  href: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  count?: number;
  countLabel?: string;
}

/** One tab; with a count its accessible name says it ("Messages, 3 unread"). */
function Tab({ href, label, icon, active, count = 0, countLabel }: TabProps) {
  const named = count > 0 && countLabel;
  return (
    <Link href={href} className="tab" aria-current={active ? 'page' : undefined} aria-label={named ? countLabel : undefined}>
      <span className="tab__icon">
        {icon}
        <Badge count={count} />
      </span>
      <span className="tab__label">{label}</span>
    </Link>
  );
}

/** Mobile only, signed-in only (docs/product.md#screens): home, messages, add product (suppliers), favourites, profile. */
export default function BottomTabBar() {
  const { status, user } = useAuth();
  const counts = useCounts();
  const [location] = useLocation();
  const { t } = useLingui();
  if (status !== 'authenticated' || !user) return null;
  const unread = counts.messages_unread;
  const favorites = counts.favorites;
  return (
    <nav className="tab-bar" aria-label={t`Quick navigation`}>
      <Tab href="/" label={t`Home`} icon={<HomeIcon />} active={location === '/'} />
      <Tab
        href="/chat/all"
        label={t`Messages`}
        icon={<ChatIcon />}
        active={location.startsWith('/chat')}
        count={unread}
        countLabel={t`Messages, ${unread} unread`}
      />
      {user.user_type === 'SUPPLIER' ? (
        <Tab href="/products/add" label={t`Add product`} icon={<PlusIcon />} active={location === '/products/add'} />
      ) : null}
      <Tab
        href="/favorites"
        label={t`Favorites`}
        icon={<HeartIcon />}
        active={location === '/favorites'}
        count={favorites}
        countLabel={t`Favorites, ${favorites}`}
      />
      <Tab href="/profile" label={t`Profile`} icon={<UserIcon />} active={location.startsWith('/profile')} />
    </nav>
  );
}
