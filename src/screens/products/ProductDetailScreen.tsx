import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function ProductDetailScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Product details</Trans></PageHeading>
    </main>
  );
}
