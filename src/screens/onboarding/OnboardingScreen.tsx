import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function OnboardingScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Set up your account</Trans></PageHeading>
    </main>
  );
}
