import { Trans } from '@lingui/react/macro';
import BackLink from '../../components/BackLink';
import PageHeading from '../../components/PageHeading';
import { useAuth } from '../../sync/auth';
import '../screens.css';

/** /profile/edit: the seller or buyer profile of the signed-in user, by role (spec §6). */
export default function ProfileEditScreen() {
  const { user } = useAuth();
  const supplier = user?.user_type === 'SUPPLIER';
  return (
    <main className="screen screen--narrow profile-edit">
      <BackLink href="/profile"><Trans>Back to profile</Trans></BackLink>
      <PageHeading subtitle={supplier ? <Trans>Your company name, description, logo and industries.</Trans> : <Trans>Your name, logo and categories of interest.</Trans>}>
        <Trans>Edit profile</Trans>
      </PageHeading>
    </main>
  );
}
