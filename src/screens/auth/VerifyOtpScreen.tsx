import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function VerifyOtpScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Verify your email</Trans></PageHeading>
    </main>
  );
}
