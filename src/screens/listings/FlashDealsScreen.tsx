import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function FlashDealsScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Flash deals</Trans></PageHeading>
    </main>
  );
}
