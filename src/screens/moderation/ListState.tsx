import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@/components/Alert';
import EmptyState from '@/components/EmptyState';
import Spinner from '@/components/Spinner';

/** A moderator's list: its failure with a retry, a spinner, the empty state, else the list. */
export default function ListState<T>({
  items,
  error,
  online,
  reload,
  empty,
  children,
}: {
  items: T[] | null;
  error: string | null;
  online: boolean;
  reload(): void;
  empty: ReactNode;
  children(items: T[]): ReactNode;
}) {
  const { t } = useLingui();
  if (error)
    return (
      <div className="moderation__failure">
        <Alert>{error}</Alert>
        <button type="button" className="button" onClick={reload} disabled={!online}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  if (!items) return online ? <Spinner label={t`Loading…`} /> : null;
  if (items.length === 0) return <EmptyState title={empty} />;
  return <>{children(items)}</>;
}
