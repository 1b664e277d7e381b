import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { roundCount, useFormat } from '@/lib/format';
import { useAtom, useAtomValue } from '@/lib/store';

import { chartReadOnlyAtom, comboCountsAtom, currentColorAtom } from '../../shared/atoms';
import { nextButtonColor } from '../../shared/range-rules';
import { useRangeButtons } from '../use-range-editor';

/** The coloured buttons: choosing one makes its colour current; each shows its combos and % of all hands. */
export function ColorButtons() {
  const { t } = useTranslation();
  const format = useFormat();
  // Counts and shares in the interface language (range-rules gives percent as 0…100).
  const formatCount = (combos: number, percent: number) =>
    `${format.number(roundCount(combos))} · ${format.percent(percent / 100)}`;
  const { buttons, add, rename, recolor, remove } = useRangeButtons();
  const [current, setCurrent] = useAtom(currentColorAtom);
  const counts = useAtomValue(comboCountsAtom);
  // A ready-made strategy's buttons are part of the chart as sold: shown with their counts, not edited.
  const readOnly = useAtomValue(chartReadOnlyAtom);
  const [editing, setEditing] = useState<number | null>(null);

  const addButton = () => {
    const color = nextButtonColor(buttons);
    add({ color, label: t('ranges:buttons.newLabel', { number: buttons.length + 1 }) });
  };

  return (
    <section className="range-buttons" aria-label={t('ranges:buttons.title')}>
      <p className="range-buttons__total" data-testid="range-combos">
        {t('ranges:buttons.total', {
          count: roundCount(counts.total.combos),
          percent: format.percent(counts.total.percent / 100),
        })}
      </p>
      <ul className="range-buttons__list">
        {buttons.map((button, index) => {
          const count = counts.byColor[button.color.toLowerCase()];
          const active = button.color.toLowerCase() === current.toLowerCase();
          return (
            <li key={`${button.color}-${index}`} className="range-button">
              <button
                type="button"
                className={`range-button__choose${active ? ' is-active' : ''}`}
                aria-pressed={active}
                onClick={() => setCurrent(button.color)}
              >
                <span
                  className="range-button__swatch"
                  style={{ background: button.color }}
                  aria-hidden="true"
                />
                <span className="range-button__label">{button.label || button.color}</span>
                <span className="range-button__count">
                  {formatCount(count?.combos ?? 0, count?.percent ?? 0)}
                </span>
              </button>
              {!readOnly && (
                <button
                  type="button"
                  className="icon-button"
                  aria-expanded={editing === index}
                  aria-label={t('ranges:buttons.edit', { label: button.label })}
                  onClick={() => setEditing(editing === index ? null : index)}
                >
                  ✎
                </button>
              )}
              {editing === index && !readOnly && (
                <div className="range-button__editor">
                  <label>
                    <span>{t('ranges:buttons.label')}</span>
                    <input
                      value={button.label}
                      maxLength={60}
                      onChange={(event) => rename(index, event.target.value)}
                    />
                  </label>
                  <label>
                    <span>{t('ranges:buttons.color')}</span>
                    <input
                      type="color"
                      value={button.color.toLowerCase()}
                      onChange={(event) => recolor(index, event.target.value.toUpperCase())}
                    />
                  </label>
                  <button
                    type="button"
                    className="button button--danger"
                    disabled={buttons.length <= 1}
                    onClick={() => {
                      remove(index);
                      setEditing(null);
                    }}
                  >
                    {t('ranges:buttons.delete')}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {!readOnly && (
        <button
          type="button"
          className="button button--ghost"
          onClick={addButton}
          disabled={buttons.length >= 50}
        >
          {t('ranges:buttons.add')}
        </button>
      )}
    </section>
  );
}
