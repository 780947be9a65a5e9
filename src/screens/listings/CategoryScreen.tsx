import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function CategoryScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Category</Trans></PageHeading>
    </main>
  );
}
