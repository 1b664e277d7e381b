import { type KeyboardEvent, useRef } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export interface TabsProps<K extends string> {
  items: ReadonlyArray<TabItem<K>>;
  active: K;
  onChange: (key: K) => void;
  label: string;
  idPrefix: string;
}

/** A WAI-ARIA tab list: arrows move between tabs, the active tab is the only one in the tab order. */
export function Tabs<K extends string>({ items, active, onChange, label, idPrefix }: TabsProps<K>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.key);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((item, index) => (
        <button
          key={item.key}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${item.key}`}
          aria-controls={`${idPrefix}-panel-${item.key}`}
          aria-selected={item.key === active}
          tabIndex={item.key === active ? 0 : -1}
          className={`tabs__tab${item.key === active ? ' tabs__tab--active' : ''}`}
          onClick={() => onChange(item.key)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
