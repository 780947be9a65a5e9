import type { ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { changeCatalogueBudget, useWorkingSet } from '@/queries/storage';
import { formatNumber, formatRelativeTime } from '@/shared/format';
import { BUDGET_CHOICES_MB, productsFor, type Trimmed } from '@/shared/working-set';

/** What the device last evicted, in the user's words. */
function TrimmedNote({ trimmed }: { trimmed: Trimmed }) {
  const removed = formatNumber(trimmed.removed);
  const when = formatRelativeTime(new Date(trimmed.at));
  if (trimmed.reason === 'quota' && trimmed.removed === 0) {
    return <Trans>To keep room for your favourites, messages and unsent changes, this device stopped saving more products ({when}).</Trans>;
  }
  if (trimmed.reason === 'quota') {
    return (
      <Trans>
        To keep room for your favourites, messages and unsent changes, {removed} catalogue products were removed from this device ({when}).
      </Trans>
    );
  }
  if (trimmed.reason === 'save-data') {
    return (
      <Trans>
        Data saver is on: {removed} catalogue products were removed from this device ({when}). Your own products and the home page stay.
      </Trans>
    );
  }
  return (
    <Trans>
      {removed} catalogue products were removed from this device to stay within the budget ({when}).
    </Trans>
  );
}

/**
 * How much of the catalogue this device keeps for offline use (docs/sync.md#working-set): the
 * budget, which the user may raise or lower, and what was last evicted to keep to it.
 */
export default function CatalogueBudget() {
  const { t } = useLingui();
  const status = useWorkingSet();
  if (!status) return null;
  const options: number[] = BUDGET_CHOICES_MB.includes(status.budgetMb as never)
    ? [...BUDGET_CHOICES_MB]
    : [...BUDGET_CHOICES_MB, status.budgetMb].sort((a, b) => a - b);

  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    void changeCatalogueBudget(Number(event.target.value)).catch((error: unknown) => console.warn('Could not change the budget', error));
  };

  return (
    <div className="details-list__row">
      <dt>
        <label htmlFor="catalogue-budget" className="picture-budget__label">
          <Trans>Products saved for offline use</Trans>
        </label>
      </dt>
      <dd className="picture-budget">
        <select id="catalogue-budget" className="picture-budget__select" value={status.budgetMb} onChange={choose}>
          {options.map((mb) => {
            const products = formatNumber(productsFor(mb));
            return (
              <option key={mb} value={mb}>
                {t`Up to ${mb} MB (about ${products} products)`}
              </option>
            );
          })}
        </select>
        {status.trimmed ? (
          <span className="picture-budget__saved" data-testid="catalogue-trimmed">
            <TrimmedNote trimmed={status.trimmed} />
          </span>
        ) : null}
      </dd>
    </div>
  );
}
