import { Trans } from '@lingui/react/macro';
import BackLink from '../../components/BackLink';
import PageHeading from '../../components/PageHeading';
import '../screens.css';

/** /users/{id}: a supplier's public page with badge, average rating and products. */
export default function SellerScreen() {
  return (
    <main className="screen seller">
      <BackLink href="/"><Trans>Back to products</Trans></BackLink>
      <PageHeading><Trans>Seller profile</Trans></PageHeading>
    </main>
  );
}
