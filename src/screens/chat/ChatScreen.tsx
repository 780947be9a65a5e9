import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function ChatScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Messages</Trans></PageHeading>
    </main>
  );
}
