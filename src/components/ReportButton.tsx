import { lazy, Suspense, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { ReportTargetType } from '@/shared/trust';
import { useAuth } from '@/queries/auth';
import { useReport } from '@/queries/reports';
import { FlagIcon } from './icons';
import './trust.css';

const ReportSheet = lazy(() => import('./ReportSheet'));

interface Props {
  type: ReportTargetType;
  id: number;
  /** The account behind the item: nobody reports themselves. */
  ownerId?: number;
  name?: string;
  className?: string;
}

/**
 * "Report" on a product, a person or a message, and "Reported" on it from then on (docs/sync.md#reports).
 * Guests and the item's own author see nothing.
 */
export default function ReportButton({ ownerId, ...props }: Props) {
  const { user } = useAuth();
  if (!user || user.id === ownerId) return null;
  return <ReportAction {...props} />;
}

/** The same for a place only the signed-in reach (a conversation), where the author is known not to be the reader. */
export function ReportAction({ type, id, name, className }: Omit<Props, 'ownerId'>) {
  const report = useReport(type, id);
  const [open, setOpen] = useState(false);
  if (report === undefined) return null;
  if (report) {
    return (
      <span className={['reported', className ?? ''].filter(Boolean).join(' ')} role="status">
        <FlagIcon width={16} height={16} />
        {report.pending === 'sending' ? <Trans>Reported (sent when you are online)</Trans> : <Trans>Reported</Trans>}
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        className={['button button--ghost button--small report-button', className ?? ''].filter(Boolean).join(' ')}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        <FlagIcon width={16} height={16} />
        {type === 'product' ? <Trans>Report product</Trans> : type === 'user' ? <Trans>Report user</Trans> : <Trans>Report</Trans>}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportSheet type={type} id={id} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
