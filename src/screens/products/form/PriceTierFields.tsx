import { Trans, useLingui } from '@lingui/react/macro';
import FormField from '@/components/FormField';
import { PRICE_TIERS_MAX } from '@/shared/catalogue';
import { MIN_ORDER_QUANTITY, PRICE_STEP } from '@/shared/constants';
import { rowsAt, tierField, type TierRow, type TierValues } from './tiers';

interface Props {
  tiers: TierValues;
  onChange(tiers: TierValues): void;
  /** The minimum order quantity as typed: the first tier's quantity. */
  minimumOrder: string;
  /** A field's error, translated, by key (tierField, 'price_tiers', 'sample_price'). */
  errorOf(key: string): string | null;
  disabled: boolean;
}

/**
 * Quantity prices and the sample price (docs/api.md#quantity-tiers-and-samples): up to five
 * rows of "from N units, this unit price"; the first row starts at the minimum order quantity
 * and follows it. Each row's errors show under its own cells.
 */
export default function PriceTierFields({ tiers, onChange, minimumOrder, errorOf, disabled }: Props) {
  const { t } = useLingui();
  const rows = rowsAt(tiers.rows, minimumOrder);
  const setRow = (index: number, cell: keyof TierRow, value: string) =>
    onChange({ ...tiers, rows: tiers.rows.map((row, i) => (i === index ? { ...row, [cell]: value } : row)) });
  const add = () => onChange({ ...tiers, rows: [...tiers.rows, { min_quantity: '', unit_price: '' }] });
  const remove = (index: number) => onChange({ ...tiers, rows: tiers.rows.filter((_, i) => i !== index) });
  const full = rows.length >= PRICE_TIERS_MAX;
  const listError = errorOf('price_tiers');

  return (
    <fieldset className="price-tiers" aria-describedby="price-tiers-hint">
      <legend className="price-tiers__legend">
        <Trans>Quantity prices</Trans>
      </legend>
      <p className="field__hint" id="price-tiers-hint">
        <Trans>
          Optional: lower unit prices for larger orders, in USD, up to {PRICE_TIERS_MAX} tiers. The first tier starts at the minimum order
          quantity; each next one starts at more units for the same or a lower price, within your minimum and maximum price.
        </Trans>
      </p>
      {rows.length > 0 ? (
        <ol className="price-tiers__rows">
          {rows.map((row, i) => (
            // Rows have no identity of their own but their place: removing one renumbers the rest.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i} className="price-tiers__row">
              <fieldset className="price-tiers__tier">
                <legend className="price-tiers__tier-name">
                  {i === 0 ? <Trans>Tier 1, from the minimum order quantity</Trans> : <Trans>Tier {i + 1}</Trans>}
                </legend>
                <div className="price-tiers__cells">
                  <FormField label={<Trans>From quantity</Trans>} error={errorOf(tierField(i, 'min_quantity'))}>
                    {(p) => (
                      <input
                        {...p}
                        name={tierField(i, 'min_quantity')}
                        type="number"
                        inputMode="numeric"
                        min={MIN_ORDER_QUANTITY}
                        step={1}
                        value={row.min_quantity}
                        readOnly={i === 0}
                        disabled={disabled}
                        required
                        onChange={(e) => setRow(i, 'min_quantity', e.target.value)}
                      />
                    )}
                  </FormField>
                  <FormField label={<Trans>Unit price (USD)</Trans>} error={errorOf(tierField(i, 'unit_price'))}>
                    {(p) => (
                      <input
                        {...p}
                        name={tierField(i, 'unit_price')}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step={PRICE_STEP}
                        value={row.unit_price}
                        disabled={disabled}
                        required
                        onChange={(e) => setRow(i, 'unit_price', e.target.value)}
                      />
                    )}
                  </FormField>
                  <button
                    type="button"
                    className="button price-tiers__remove"
                    aria-label={t`Remove tier ${i + 1}`}
                    disabled={disabled}
                    onClick={() => remove(i)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      ) : null}
      {listError ? (
        <p className="field__error" role="alert">
          {listError}
        </p>
      ) : null}
      <button type="button" className="button" disabled={disabled || full} onClick={add}>
        {full ? <Trans>{PRICE_TIERS_MAX} tiers at most</Trans> : <Trans>Add a price tier</Trans>}
      </button>

      <FormField
        className="price-tiers__sample"
        label={<Trans>Sample price (USD)</Trans>}
        error={errorOf('sample_price')}
        hint={<Trans>Optional: the price of one piece a buyer may order to try the product. Leave blank to offer no samples.</Trans>}
      >
        {(p) => (
          <input
            {...p}
            name="sample_price"
            type="number"
            inputMode="decimal"
            min={0}
            step={PRICE_STEP}
            value={tiers.sample_price}
            disabled={disabled}
            onChange={(e) => onChange({ ...tiers, sample_price: e.target.value })}
          />
        )}
      </FormField>
    </fieldset>
  );
}
