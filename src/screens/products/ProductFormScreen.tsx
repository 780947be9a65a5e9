import { Trans, useLingui } from '@lingui/react/macro';
import { Redirect, useParams } from 'wouter';
import BackLink from '../../components/BackLink';
import PageHeading from '../../components/PageHeading';
import Spinner from '../../components/Spinner';
import { useAuth } from '../../sync/auth';
import '../screens.css';

/**
 * /products/add and /products/{id}/edit (spec §2): the product form in add or edit mode.
 * Only suppliers may use it; everyone else goes to / (spec §6).
 */
export default function ProductFormScreen() {
  const { status, user } = useAuth();
  const { t } = useLingui();
  const { id } = useParams<{ id?: string }>();
  if (status === 'loading') return <Spinner label={t`Authenticating...`} />;
  if (!user || user.user_type !== 'SUPPLIER') return <Redirect to="/" replace />;
  const editing = Boolean(id);
  return (
    <main className="screen screen--narrow product-form">
      <BackLink href="/profile"><Trans>Back to my listings</Trans></BackLink>
      <PageHeading>{editing ? <Trans>Edit product</Trans> : <Trans>Add product</Trans>}</PageHeading>
    </main>
  );
}
