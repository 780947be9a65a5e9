import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function SellerScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Seller</Trans></PageHeading>
    </main>
  );
}
