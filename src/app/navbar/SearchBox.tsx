import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCurrency } from '@/queries/rates';
import { useSearchSuggestions } from '@/queries/suggestions';
import { useDismiss } from '../hooks';
import { SearchIcon } from '@/components/icons';
import Picture from '@/components/Picture';
import './search-box.css';

export function searchPath(term: string): string {
  return `/search/${encodeURIComponent(term.trim())}`;
}

/**
 * The navbar search (docs/product.md#screens, #notifications, #constants): suggestions after 2+ characters, 300 ms after the last
 * keystroke, 5 at most; arrow keys move through them, Enter opens one or searches for the typed
 * term, Escape closes the list. Offline the suggestions come from the device's catalogue and
 * the list says so.
 */
export default function SearchBox({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const currency = useCurrency();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { items: suggestions, source } = useSearchSuggestions(term);
  const ref = useRef<HTMLFormElement>(null);
  const listId = useId();
  const noteId = useId();
  useDismiss(ref, open, () => setOpen(false));
  const showList = open && suggestions.length > 0;
  const fromDevice = source === 'device';

  const go = (path: string) => {
    setTerm('');
    setOpen(false);
    setActive(-1);
    onNavigate?.();
    navigate(path);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (showList && active >= 0) return go(`/products/${suggestions[active].id}`);
    if (term.trim()) go(searchPath(term));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The first Escape closes the list; the browser's own (clearing the field) only once it is closed.
    if (event.key === 'Escape') {
      if (showList) event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === 'ArrowDown' && !showList && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive(0);
      return;
    }
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
    // biome-ignore lint/a11y/useSemanticElements: a form with role="search" is the same landmark, and older browsers know it.
    <form role="search" className="search-box" ref={ref} onSubmit={submit}>
      <SearchIcon className="search-box__icon" />
      <input
        type="search"
        id="site-search"
        name="search"
        role="combobox"
        aria-label={t`Search products`}
        placeholder={t`Search products...`}
        value={term}
        autoComplete="off"
        enterKeyHint="search"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={showList && fromDevice ? noteId : undefined}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <div className="search-box__list" hidden={!showList}>
        {fromDevice ? (
          <p id={noteId} className="search-box__source">
            <Trans>Offline: results from this device</Trans>
          </p>
        ) : null}
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern: a listbox of options, followed from the input. */}
        <ul id={listId} role="listbox" aria-label={t`Suggestions`} className="search-box__options">
          {suggestions.map((item, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input; the active option is named by aria-activedescendant.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the arrow keys and Enter for every option.
            <li
              key={item.id}
              id={`${listId}-${index}`}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox pattern.
              role="option"
              aria-selected={index === active}
              className="search-box__option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(`/products/${item.id}`)}
            >
              {item.thumbnail_url ? (
                <Picture
                  media={{ url: item.thumbnail_url, width: 200 }}
                  alt=""
                  width={32}
                  height={32}
                  loading="lazy"
                  fallback={<span className="search-box__thumb" />}
                />
              ) : (
                <span className="search-box__thumb" />
              )}
              <span className="search-box__name">{item.name}</span>
              {item.price ? (
                <span className="search-box__price" aria-hidden="true">
                  {currency.format(item.price)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
