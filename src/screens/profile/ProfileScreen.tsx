import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import EmptyState from '../../components/EmptyState';
import PageHeading from '../../components/PageHeading';
import Tabs from '../../components/Tabs';
import { useCountryName } from '../../components/countries';
import type { User } from '../../shared/types';
import { useAuth } from '../../sync/auth';
import '../screens.css';

type TabKey = 'main' | 'details' | 'settings';

/** /profile (spec §2): tabs main (listings or recently viewed), details and settings. */
export default function ProfileScreen() {
  const { t } = useLingui();
  const { user } = useAuth();
  const [tab, setTab] = useState<TabKey>('main');
  if (!user) return null;
  const supplier = user.user_type === 'SUPPLIER';

  return (
    <main className="screen profile">
      <PageHeading subtitle={user.email}>
        {supplier && user.supplier_profile?.company_name ? user.supplier_profile.company_name : `${user.first_name} ${user.last_name}`}
      </PageHeading>
      <Tabs<TabKey>
        label={t`Profile`}
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'main', label: supplier ? <Trans>My listings</Trans> : <Trans>Recently viewed</Trans> },
          { key: 'details', label: <Trans>Details</Trans> },
          { key: 'settings', label: <Trans>Settings</Trans> },
        ]}
      >
        {tab === 'main' ? <MainTab supplier={supplier} /> : tab === 'details' ? <DetailsTab user={user} /> : <SettingsTab />}
      </Tabs>
    </main>
  );
}

function MainTab({ supplier }: { supplier: boolean }) {
  if (supplier) {
    return (
      <EmptyState
        title={<Trans>No listings yet</Trans>}
        action={<Link href="/products/add" className="button button--primary"><Trans>Add product</Trans></Link>}
      >
        <Trans>Products you list appear here, where you can edit or delete them.</Trans>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title={<Trans>Nothing viewed yet</Trans>}
      action={<Link href="/" className="button button--primary"><Trans>Explore products</Trans></Link>}
    >
      <Trans>The last products you looked at are kept here on this device.</Trans>
    </EmptyState>
  );
}

function DetailsTab({ user }: { user: User }) {
  const { i18n } = useLingui();
  const countryName = useCountryName();
  const supplier = user.user_type === 'SUPPLIER';
  const rows: Array<[ReactNode, ReactNode]> = [
    [<Trans>First name</Trans>, user.first_name],
    [<Trans>Last name</Trans>, user.last_name],
    [<Trans>Email</Trans>, user.email],
    [<Trans>Phone number</Trans>, user.phone_number],
    [<Trans>Country</Trans>, user.country ? countryName(user.country.code) : ''],
    [<Trans>Account type</Trans>, supplier ? <Trans>Supplier</Trans> : user.user_type === 'BUYER' ? <Trans>Buyer</Trans> : <Trans>Not chosen yet</Trans>],
  ];
  if (supplier && user.supplier_profile) {
    rows.push([<Trans>Company name</Trans>, user.supplier_profile.company_name]);
    rows.push([<Trans>Industries</Trans>, user.supplier_profile.industries.map((c) => c.name).join(', ')]);
  } else if (user.buyer_profile) {
    rows.push([<Trans>Name</Trans>, user.buyer_profile.name]);
    rows.push([<Trans>Categories of interest</Trans>, user.buyer_profile.interested_categories.map((c) => c.name).join(', ')]);
  }
  rows.push([<Trans>Member since</Trans>, i18n.date(user.date_joined, { year: 'numeric', month: 'long' })]);

  return (
    <div className="profile__details">
      <dl className="details-list">
        {rows.map(([label, value], index) => (
          <div key={index} className="details-list__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Link href="/profile/edit" className="button button--primary"><Trans>Edit profile</Trans></Link>
    </div>
  );
}

function SettingsTab() {
  const { logout } = useAuth();
  const [, navigate] = useLocation();
  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <div className="profile__settings">
      <section aria-labelledby="settings-legal">
        <h2 id="settings-legal"><Trans>Legal</Trans></h2>
        <ul className="link-list">
          <li><Link href="/privacy-policy"><Trans>Privacy Policy</Trans></Link></li>
          <li><Link href="/terms-of-service"><Trans>Terms of Service</Trans></Link></li>
        </ul>
      </section>
      <section aria-labelledby="settings-session">
        <h2 id="settings-session"><Trans>Session</Trans></h2>
        <button type="button" className="button" onClick={signOut}><Trans>Log out</Trans></button>
      </section>
    </div>
  );
}
