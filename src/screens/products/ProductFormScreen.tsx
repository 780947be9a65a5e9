import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function ProductFormScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Add product</Trans></PageHeading>
    </main>
  );
}
