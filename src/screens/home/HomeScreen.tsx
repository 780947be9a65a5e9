import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import EmptyState from '../../components/EmptyState';
import ProductSection from '../../components/ProductSection';
import { useAuth } from '../../sync/auth';
import '../screens.css';

/**
 * Home (spec §2): the welcome banner, then the Top rated, Hot selling and Explore sections.
 * While the device holds no products, a welcome and no-products message leads the page.
 */
export default function HomeScreen() {
  const { t } = useLingui();
  const { user } = useAuth();
  const sections = [
    { id: 'home-top-rated', title: t`Top rated` },
    { id: 'home-hot-selling', title: t`Hot selling` },
    { id: 'home-explore', title: t`Explore` },
  ];
  const supplier = user?.user_type === 'SUPPLIER';
  const firstName = user?.first_name;

  return (
    <main className="screen home">
      <section className="banner banner--welcome" aria-labelledby="home-welcome">
        <h1 id="home-welcome" tabIndex={-1}>
          {user ? <Trans>Welcome back, {firstName}!</Trans> : <Trans>Welcome to Connecting Markets</Trans>}
        </h1>
        <p><Trans>Buy and sell products across Nigeria, Senegal, Côte d'Ivoire and Türkiye.</Trans></p>
      </section>

      <EmptyState
        title={<Trans>Welcome to the marketplace!</Trans>}
        action={supplier ? <Link href="/products/add" className="button button--primary"><Trans>Add your first product</Trans></Link> : null}
      >
        <Trans>There are no products yet. New listings from suppliers will show up here.</Trans>
      </EmptyState>

      {sections.map((section) => (
        <ProductSection key={section.id} id={section.id} title={section.title} count={0} />
      ))}
    </main>
  );
}
