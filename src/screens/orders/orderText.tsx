import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderStatus } from '@/shared/deals';

/** Order statuses in the reader's language. */
export function useStatusLabels(): Record<OrderStatus, string> {
  const { t } = useLingui();
  return {
    requested: t`Requested`,
    confirmed: t`Confirmed`,
    shipped: t`Shipped`,
    delivered: t`Delivered`,
    cancelled: t`Cancelled`,
    declined: t`Declined`,
  };
}

/** Said plainly wherever orders are shown (docs/product.md#deals). */
export function NoMoneyNote() {
  return (
    <Trans>
      The app records what you agreed and how it goes; it takes no money. Payment and delivery are arranged between buyer and seller.
    </Trans>
  );
}
