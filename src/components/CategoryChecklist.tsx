import type { ReactNode } from 'react';
import type { Category } from '../shared/types';
import './ui.css';
import { useContentText } from '../queries/content';

/** docs/product.md#constants: the onboarding category list scrolls past this height. */
export const CATEGORY_LIST_MAX_HEIGHT_PX = 200;

interface Props {
  legend: ReactNode;
  categories: Category[];
  selected: number[];
  onChange(selected: number[]): void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** A scrollable list of category check boxes (industries of a supplier, interests of a buyer). */
export default function CategoryChecklist({ legend, categories, selected, onChange, disabled, invalid, describedBy }: Props) {
  const { categoryName } = useContentText();
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));
  return (
    <fieldset className="checklist" disabled={disabled} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <legend className="field__label">{legend}</legend>
      <div className="checklist__items" style={{ maxHeight: CATEGORY_LIST_MAX_HEIGHT_PX, overflowY: 'auto' }}>
        {categories.map((category) => (
          <label key={category.id} className="checklist__item">
            <input
              type="checkbox"
              value={category.id}
              checked={selected.includes(category.id)}
              onChange={(event) => toggle(category.id, event.target.checked)}
            />
            <span>{categoryName(category)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
