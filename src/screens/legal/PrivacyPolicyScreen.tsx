import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function PrivacyPolicyScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Privacy Policy</Trans></PageHeading>
    </main>
  );
}
