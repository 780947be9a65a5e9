/**
 * The working set's budget (docs/sync.md#working-set), shared by the engine that keeps to it
 * and Settings that show and change it.
 */

/** What one product costs on average, to turn the budget's bytes into a number of products. */
export const PRODUCT_BYTES = 1536;
export const DEFAULT_BUDGET_MB = 15;
export const BUDGET_CHOICES_MB = [5, 15, 50, 150] as const;
export const MB = 1024 * 1024;

/** The products a budget of `megabytes` holds. */
export const productsFor = (megabytes: number) => Math.floor((megabytes * MB) / PRODUCT_BYTES);

/** Keys of the sync state the engine writes and Settings read. */
export const BUDGET_KEY = 'catalogue:budget';
/** How many products the device holds, counted once per page written (not on every commit, by every screen). */
export const HELD_KEY = 'catalogue:held';
/** What was last evicted, and why. */
export const TRIMMED_KEY = 'catalogue:trimmed';
/** After the quota stopped the catalogue: at most this many products, whatever the budget. */
export const CAP_KEY = 'catalogue:cap';

export interface Trimmed {
  at: number;
  removed: number;
  kept: number;
  reason: 'budget' | 'quota' | 'save-data';
}
