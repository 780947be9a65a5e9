import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function NewArrivalsScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>New arrivals</Trans></PageHeading>
    </main>
  );
}
