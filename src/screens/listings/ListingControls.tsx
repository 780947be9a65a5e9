import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FilterIcon } from '@/components/icons';
import { listingFilterParams, ORDERINGS, type ListingFilters, type Ordering } from '@/shared/listing-filters';

const RATINGS = [4, 3, 2];

/** The number fields as typed: applied together with "Apply", so that typing a price does not reload the list per key. */
interface Typed {
  price_min: string;
  price_max: string;
  moq_max: string;
}
const typedOf = (f: ListingFilters): Typed => ({
  price_min: f.price_min?.toString() ?? '',
  price_max: f.price_max?.toString() ?? '',
  moq_max: f.moq_max?.toString() ?? '',
});
const numberOr = (text: string, integer = false): number | undefined => {
  const n = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(n) || n < 0) return undefined;
  return integer ? Math.max(1, Math.floor(n)) : n;
};

/**
 * Sort and filter a listing (docs/product.md): the choice lives in the URL, and the same rules
 * run on the server and over the device's products offline (src/shared/listing-filters.ts).
 */
export default function ListingControls({ filters, onChange }: { filters: ListingFilters; onChange(next: ListingFilters): void }) {
  const { t } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState<Typed>(() => typedOf(filters));
  const key = JSON.stringify(listingFilterParams(filters));
  // Back/forward or "Clear" change the URL: the typed numbers follow it.
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setTyped(typedOf(filters));
  }

  const active = Object.keys(listingFilterParams({ ...filters, ordering: undefined })).length;
  const labels: Record<Ordering, string> = {
    relevance: t`Best match`,
    price: t`Price: low to high`,
    '-price': t`Price: high to low`,
    '-created_at': t`Newest`,
    '-average_rating': t`Top rated`,
  };
  const set = (patch: Partial<ListingFilters>) => {
    const next: ListingFilters = { ...filters, ...patch };
    for (const k of Object.keys(next) as Array<keyof ListingFilters>) if (next[k] === undefined || next[k] === false) delete next[k];
    onChange(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    set({ price_min: numberOr(typed.price_min), price_max: numberOr(typed.price_max), moq_max: numberOr(typed.moq_max, true) });
  };
  const numberField = (name: keyof Typed, label: string, step: string) => (
    <label className="listing-filters__field">
      <span>{label}</span>
      <input
        type="number"
        name={name}
        inputMode="decimal"
        min={0}
        step={step}
        value={typed[name]}
        onChange={(event) => setTyped((v) => ({ ...v, [name]: event.target.value }))}
      />
    </label>
  );

  return (
    <div className="listing-controls">
      <div className="listing-controls__bar">
        <label className="listing-controls__sort">
          <span>
            <Trans>Sort by</Trans>
          </span>
          <select
            name="ordering"
            value={filters.ordering ?? 'relevance'}
            onChange={(event) => set({ ordering: event.target.value === 'relevance' ? undefined : (event.target.value as Ordering) })}
          >
            {ORDERINGS.map((o) => (
              <option key={o} value={o}>
                {labels[o]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button listing-controls__toggle"
          aria-expanded={open}
          aria-controls={`${id}-filters`}
          onClick={() => setOpen((v) => !v)}
        >
          <FilterIcon />
          <span className="listing-controls__toggle-label">{active > 0 ? <Trans>Filters ({active})</Trans> : <Trans>Filters</Trans>}</span>
          {active > 0 ? (
            <span className="listing-controls__count" aria-hidden="true">
              {active}
            </span>
          ) : null}
        </button>
      </div>
      <form id={`${id}-filters`} className="listing-filters card" hidden={!open} noValidate onSubmit={apply} aria-label={t`Filters`}>
        <div className="listing-filters__grid">
          {numberField('price_min', t`Min price (USD)`, '0.01')}
          {numberField('price_max', t`Max price (USD)`, '0.01')}
          {numberField('moq_max', t`Minimum order up to`, '1')}
          <label className="listing-filters__field">
            <span>
              <Trans>Rating</Trans>
            </span>
            <select
              name="rating_min"
              value={filters.rating_min?.toString() ?? ''}
              onChange={(event) => set({ rating_min: event.target.value ? Number(event.target.value) : undefined })}
            >
              <option value="">{t`Any rating`}</option>
              {RATINGS.map((r) => (
                <option key={r} value={r}>
                  {t`${r} stars & up`}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="listing-filters__checks">
          <label className="listing-filters__check">
            <input
              type="checkbox"
              name="verified"
              checked={Boolean(filters.verified)}
              onChange={(e) => set({ verified: e.target.checked })}
            />
            <span>
              <Trans>Verified suppliers only</Trans>
            </span>
          </label>
          <label className="listing-filters__check">
            <input
              type="checkbox"
              name="in_stock"
              checked={Boolean(filters.in_stock)}
              onChange={(e) => set({ in_stock: e.target.checked })}
            />
            <span>
              <Trans>In stock only</Trans>
            </span>
          </label>
        </div>
        <div className="listing-filters__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={active === 0}
            onClick={() => onChange({ ordering: filters.ordering })}
          >
            <Trans>Clear filters</Trans>
          </button>
          <button type="submit" className="button button--primary">
            <Trans>Apply</Trans>
          </button>
        </div>
      </form>
    </div>
  );
}
