import type { RangeButton } from '@contract/categories';

/** One of a chart's colours as a pressed-or-not chip, with its swatch and label: picks the colours a side plays. */
export function ColorToggle({
  button,
  active,
  onToggle,
}: {
  button: RangeButton;
  active: boolean;
  onToggle: (color: string) => void;
}) {
  return (
    <button
      type="button"
      className={`chip-toggle${active ? ' is-active' : ''}`}
      aria-pressed={active}
      onClick={() => onToggle(button.color)}
    >
      <span className="range-button__swatch" style={{ background: button.color }} aria-hidden="true" />
      {button.label || button.color}
    </button>
  );
}
