import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function LoginScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Login</Trans></PageHeading>
    </main>
  );
}
