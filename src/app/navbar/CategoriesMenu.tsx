import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { useCategories } from '@/queries/categories';
import { useDismiss } from '../hooks';
import { ChevronDownIcon, GridIcon } from '@/components/icons';
import { useContentText } from '@/queries/content';

export function categoryPath(id: number, name: string): string {
  return `/category/${id}/${encodeURIComponent(name)}`;
}

/** "Categories": all products plus each category, from the local database. */
export default function CategoriesMenu({ onNavigate }: { onNavigate?: () => void }) {
  const categories = useCategories();
  const { categoryName } = useContentText();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const pick = () => {
    close();
    onNavigate?.();
  };
  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className="nav-link" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
        <GridIcon />{' '}
        <span>
          <Trans>Categories</Trans>
        </span>{' '}
        <ChevronDownIcon />
      </button>
      {open ? (
        <ul id={menuId} className="dropdown__menu dropdown__menu--scroll">
          <li>
            <Link href="/search/" className="dropdown__item dropdown__item--strong" onClick={pick}>
              <Trans>All products</Trans>
            </Link>
          </li>
          {categories.map((category) => (
            <li key={category.id}>
              <Link href={categoryPath(category.id, categoryName(category))} className="dropdown__item" onClick={pick}>
                {categoryName(category)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
