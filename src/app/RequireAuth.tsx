import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import Spinner from '../components/Spinner';
import { useAuth } from '../queries/auth';

/** Navigation state handed to /login by the guard: where to return after signing in. */
export interface FromState {
  from?: string;
}

/**
 * The route guard (docs/product.md#start-up-and-the-route-guard): a spinner with "Authenticating..." while the session loads;
 * guests are sent to /login (replacing history) with the page they asked for; `supplierOnly`
 * sends everyone but suppliers to /.
 */
export function RequireAuth({ children, supplierOnly = false }: { children: ReactNode; supplierOnly?: boolean }) {
  const { status, user } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  const { t } = useLingui();

  if (status === 'loading')
    return (
      <div className="page-center">
        <Spinner label={t`Authenticating...`} />
      </div>
    );
  if (status !== 'authenticated' || !user) {
    const from = search ? `${location}?${search}` : location;
    return <Redirect to="/login" replace state={{ from } satisfies FromState} />;
  }
  if (supplierOnly && user.user_type !== 'SUPPLIER') return <Redirect to="/" replace />;
  return <>{children}</>;
}
