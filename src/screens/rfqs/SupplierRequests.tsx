import { Trans } from '@lingui/react/macro';
import EmptyState from '@/components/EmptyState';
import Spinner from '@/components/Spinner';
import { useSupplierRfqs } from '@/queries/rfqs';
import RfqList from './RfqList';

/**
 * The requests shown to a supplier (their products' categories and their industries), from the
 * device, so the tab opens offline: open ones by nearest deadline, then those they quoted that closed.
 */
export default function SupplierRequests({ supplierId }: { supplierId: number }) {
  const { data: rfqs } = useSupplierRfqs(supplierId);
  if (rfqs === undefined) return <Spinner />;
  if (rfqs.length === 0)
    return (
      <EmptyState title={<Trans>No open requests for you</Trans>}>
        <Trans>Buyers' requests in your categories and industries show here, with a notification when one arrives.</Trans>
      </EmptyState>
    );
  return <RfqList rfqs={rfqs} reader="supplier" />;
}
