import { intent } from '../sync';
import { BUDGET_KEY, DEFAULT_BUDGET_MB, MB, TRIMMED_KEY, type Trimmed } from '../shared/working-set';
import { useLive } from './live';

/** The device's storage (the offline data screen): how much is used, and clearing the catalogue's copy. */
export const clearOfflineCopy = intent('clearOfflineCopy');
export const storageEstimate = intent('storageEstimate');
/** The catalogue's budget, in MB: the device trims or fills to it at once. */
export const changeCatalogueBudget = intent('changeCatalogueBudget');

export interface WorkingSetStatus {
  budgetMb: number;
  /** The device holds a working set rather than the whole catalogue. */
  bounded: boolean;
  /** What was last evicted, and why. */
  trimmed: Trimmed | null;
}

/** The catalogue's budget and what the device last evicted to keep to it (docs/sync.md#working-set). */
export function useWorkingSet(): WorkingSetStatus | undefined {
  return useLive(async ({ db }) => {
    const [budget, trimmed, stream] = await Promise.all([
      db.syncState.get(BUDGET_KEY),
      db.syncState.get(TRIMMED_KEY),
      db.syncState.get('stream:catalogue'),
    ]);
    return {
      budgetMb: typeof budget?.value === 'number' ? Math.round(budget.value / MB) : DEFAULT_BUDGET_MB,
      bounded: stream?.value === 'bounded',
      trimmed: (trimmed?.value as Trimmed | undefined) ?? null,
    };
  }, []).data;
}
