import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function FavoritesScreen() {
  return (
    <main className="screen">
      <PageHeading><Trans>Favorites</Trans></PageHeading>
    </main>
  );
}
