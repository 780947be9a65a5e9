import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import Alert from '@/components/Alert';
import PageHeading from '@/components/PageHeading';
import Picture from '@/components/Picture';
import Tabs from '@/components/Tabs';
import { useCountryName } from '@/components/countries';
import type { User } from '@/shared/types';
import { account } from '@/queries/account';
import { useAuth } from '@/queries/auth';
import { isOffline } from '../serverMessage';
import MyListings from './MyListings';
import SupplierDeals from './SupplierDeals';
import RecentlyViewed from './RecentlyViewed';
import SettingsTab from './SettingsTab';
import SupplierRequests from '../rfqs/SupplierRequests';
import '../screens.css';
import './profile.css';
import { useContentText } from '@/queries/content';
import { useCategories } from '@/queries/categories';

type TabKey = 'main' | 'requests' | 'details' | 'settings';
const TAB_KEYS: TabKey[] = ['main', 'requests', 'details', 'settings'];

/**
 * /profile (docs/product.md#screens): tabs main (a supplier's listings, a buyer's recently viewed), details and
 * settings. `?tab=settings` opens a tab directly. The account is reloaded on opening; the last
 * known copy keeps showing when that fails (offline).
 */
export default function ProfileScreen() {
  const { t } = useLingui();
  const { user, setUser } = useAuth();
  const search = new URLSearchParams(useSearch());
  const asked = search.get('tab') as TabKey | null;
  const [tab, setTab] = useState<TabKey>(asked && TAB_KEYS.includes(asked) ? asked : 'main');
  const [loadError, setLoadError] = useState(false);

  // Once the session is known (the auth state's own /me/ came first), reload the account.
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    let active = true;
    account.me().then(
      (fresh) => {
        if (active) setUser(fresh);
      },
      (err) => {
        console.warn('Profile could not reload the account', err);
        if (active && !isOffline(err)) setLoadError(true);
      },
    );
    return () => {
      active = false;
    };
  }, [userId, setUser]);

  if (!user) return null;
  const supplier = user.user_type === 'SUPPLIER';

  return (
    <main className="screen profile">
      <PageHeading subtitle={user.email}>
        {supplier && user.supplier_profile?.company_name ? user.supplier_profile.company_name : `${user.first_name} ${user.last_name}`}
      </PageHeading>
      {loadError ? <Alert>{t`Could not load your profile data.`}</Alert> : null}
      <Tabs<TabKey>
        label={t`Profile`}
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'main', label: supplier ? <Trans>My listings</Trans> : <Trans>Recently viewed</Trans> },
          ...(supplier ? [{ key: 'requests' as const, label: <Trans>Requests</Trans> }] : []),
          { key: 'details', label: <Trans>Details</Trans> },
          { key: 'settings', label: <Trans>Settings</Trans> },
        ]}
      >
        {tab === 'main' ? (
          supplier ? (
            <>
              <SupplierDeals supplierId={user.id} />
              <MyListings supplierId={user.id} />
            </>
          ) : (
            <RecentlyViewed />
          )
        ) : tab === 'requests' && supplier ? (
          <SupplierRequests supplierId={user.id} />
        ) : tab === 'details' ? (
          <DetailsTab user={user} />
        ) : (
          <SettingsTab />
        )}
      </Tabs>
    </main>
  );
}

function DetailsTab({ user }: { user: User }) {
  const { i18n, t } = useLingui();
  const { categoryName } = useContentText();
  // The account's categories come in English; the device's own rows carry every language.
  const held = new Map(useCategories().map((c) => [c.id, c]));
  const localName = (c: { id: number; name: string }) => categoryName(held.get(c.id) ?? c);
  const countryName = useCountryName();
  const supplier = user.user_type === 'SUPPLIER';
  const rows: Array<[string, string]> = [
    [t`First name`, user.first_name],
    [t`Last name`, user.last_name],
    [t`Email`, user.email],
    [t`Phone number`, user.phone_number],
    [t`Country`, user.country ? countryName(user.country.code) : ''],
    [t`Account type`, supplier ? t`Supplier` : user.user_type === 'BUYER' ? t`Buyer` : t`Not chosen yet`],
  ];
  if (supplier && user.supplier_profile) {
    rows.push([t`Company name`, user.supplier_profile.company_name]);
    if (user.supplier_profile.about) rows.push([t`About`, user.supplier_profile.about]);
    rows.push([t`Industries`, user.supplier_profile.industries.map(localName).join(', ')]);
  } else if (user.buyer_profile) {
    rows.push([t`Name`, user.buyer_profile.name]);
    rows.push([t`Categories of interest`, user.buyer_profile.interested_categories.map(localName).join(', ')]);
  }
  rows.push([t`Member since`, i18n.date(user.date_joined, { year: 'numeric', month: 'long' })]);
  const logo = supplier ? user.supplier_profile?.logo_url : user.buyer_profile?.logo_url;

  return (
    <div className="profile__details">
      {logo ? (
        <Picture
          className="profile__logo"
          media={{ url: logo, width: 200 }}
          alt={t`Logo`}
          width={96}
          height={96}
          fallback={<span className="profile__logo profile__logo--missing" role="img" aria-label={t`Logo`} />}
        />
      ) : null}
      <dl className="details-list">
        {rows.map(([label, value]) => (
          <div key={label} className="details-list__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Link href="/profile/edit" className="button button--primary">
        <Trans>Edit profile</Trans>
      </Link>
    </div>
  );
}
