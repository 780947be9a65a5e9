import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './ui.css';

export interface Tab<K extends string> {
  key: K;
  label: ReactNode;
}

interface Props<K extends string> {
  tabs: Array<Tab<K>>;
  active: K;
  onChange(key: K): void;
  label: string;
  /** The active tab's content. */
  children: ReactNode;
}

/** Accessible tabs (WAI-ARIA pattern): arrow keys move between tabs, one panel shows at a time. */
export default function Tabs<K extends string>({ tabs, active, onChange, label, children }: Props<K>) {
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    onChange(tabs[next].key);
    buttons.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === active ? 0 : -1}
            className={tab.key === active ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`}>
        {children}
      </div>
    </div>
  );
}
