import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function ProfileScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>My profile</Trans></PageHeading>
    </main>
  );
}
