import { useLingui } from '@lingui/react';
import { useCurrency } from '../queries/rates';

/**
 * A price in the selected currency (docs/product.md#currency): converted from USD, two decimals, the symbol
 * before or after per currency; with `max`, the range "min ~ max" (one price when equal).
 */
export default function Price({ min, max, className = 'price' }: { min: string | number; max?: string | number; className?: string }) {
  useLingui(); // re-render on a language change: digits follow the active language
  const currency = useCurrency();
  return <span className={className}>{max === undefined ? currency.format(min) : currency.formatRange(min, max)}</span>;
}
