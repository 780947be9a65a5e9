import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function SearchScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Search results</Trans></PageHeading>
    </main>
  );
}
