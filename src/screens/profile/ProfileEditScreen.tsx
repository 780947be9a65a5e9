import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function ProfileEditScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Edit profile</Trans></PageHeading>
    </main>
  );
}
