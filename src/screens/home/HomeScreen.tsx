import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function HomeScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Home</Trans></PageHeading>
    </main>
  );
}
