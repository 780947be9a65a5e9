import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import Alert from './Alert';
import Spinner from './Spinner';

/** Where a screen's data stands: read from the device and the server (src/queries/). */
export type DataStatus = 'loading' | 'ready' | 'error' | 'offline';

/**
 * What a screen shows for its data, one way everywhere: what is held shows whatever else is
 * going on; with nothing to show, the state says why: a spinner while loading, the screen's
 * failure message, the offline note, or the empty state.
 */
export default function DataState({
  status,
  isEmpty,
  loading,
  error,
  offline,
  empty,
  inline = false,
  children,
}: {
  status: DataStatus;
  isEmpty: boolean;
  /** The spinner's label. */
  loading?: string;
  /** The screen's failure message; a generic one by default. */
  error?: ReactNode;
  offline?: ReactNode;
  empty: ReactNode;
  inline?: boolean;
  children?: ReactNode;
}) {
  if (!isEmpty) return <>{children}</>;
  switch (status) {
    case 'loading':
      return <Spinner label={loading} inline={inline} />;
    case 'error':
      return <Alert>{error ?? <Trans>Could not read this from the device.</Trans>}</Alert>;
    case 'offline':
      return <Alert kind="info">{offline ?? <Trans>You are offline, and this device holds nothing to show here yet.</Trans>}</Alert>;
    case 'ready':
      return <>{empty}</>;
  }
}
