import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function TermsOfServiceScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Terms of Service</Trans></PageHeading>
    </main>
  );
}
