import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useSearchSuggestions } from '../../sync/suggestions';
import { formatPrice } from '../format';
import { useDismiss } from '../hooks';
import { SearchIcon } from '../icons';

export function searchPath(term: string): string {
  return `/search/${encodeURIComponent(term.trim())}`;
}

/**
 * The navbar search (spec §2, §4): suggestions after 2+ characters (debounced, 5 at most),
 * arrow keys to move through them, Enter to open one or search for the typed term.
 */
export default function SearchBox({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSearchSuggestions(term);
  const ref = useRef<HTMLFormElement>(null);
  const listId = useId();
  useDismiss(ref, open, () => setOpen(false));
  const showList = open && suggestions.length > 0;

  const go = (path: string) => {
    setOpen(false);
    setActive(-1);
    onNavigate?.();
    navigate(path);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (showList && active >= 0) return go(`/products/${suggestions[active].id}`);
    if (term.trim()) {
      go(searchPath(term));
      setTerm('');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showList) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    }
  };

  return (
    <form role="search" className="search-box" ref={ref} onSubmit={submit}>
      <SearchIcon className="search-box__icon" />
      <input type="search" role="combobox" aria-label={t`Search products`} placeholder={t`Search products...`}
        value={term} autoComplete="off" enterKeyHint="search"
        aria-expanded={showList} aria-controls={listId} aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => { setTerm(event.target.value); setOpen(true); setActive(-1); }}
        onFocus={() => setOpen(true)} onKeyDown={onKeyDown} />
      <ul id={listId} role="listbox" aria-label={t`Suggestions`} className="search-box__list" hidden={!showList}>
        {suggestions.map((item, index) => (
          <li key={item.id} id={`${listId}-${index}`} role="option" aria-selected={index === active}
            className="search-box__option" onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(`/products/${item.id}`)}>
            {item.thumbnail_url ? <img src={item.thumbnail_url} alt="" width={32} height={32} loading="lazy" /> : <span className="search-box__thumb" />}
            <span className="search-box__name">{item.name}</span>
            {item.price ? <span className="search-box__price" aria-hidden="true">{formatPrice(item.price)}</span> : null}
          </li>
        ))}
      </ul>
    </form>
  );
}
