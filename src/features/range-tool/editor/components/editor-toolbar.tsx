import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAtom, useAtomValue } from '@/lib/store';

import { heatVisibleAtom } from '../../equity/atoms';
import { chartReadOnlyAtom, displayModeAtom, suitModeAtom, weightAtom } from '../../shared/atoms';
import { Icon } from '../../shared/components/icons';
import { DISPLAY_MODES, readWeight, type WeightProblem } from '../../shared/range-rules';
import { useRangeCommands } from '../use-range-editor';
import { PicturePanel } from './picture-panel';
import { TextPanel } from './text-panel';

const WEIGHT_PROBLEM_KEYS = {
  empty: 'ranges:toolbar.weightEmpty',
  notNumber: 'ranges:toolbar.weightNotNumber',
  outOfRange: 'ranges:toolbar.weightOutOfRange',
} as const satisfies Record<WeightProblem, string>;

/**
 * The compact icon toolbar above the grid, main actions first: undo, redo, clear; then weight and display mode; then
 * the views (heat map, suit editor), the chart as a picture or on paper, and text in other tools' formats. Each icon has
 * its name as label and tooltip.
 */
export function EditorToolbar() {
  const { t } = useTranslation();
  const ids = { weight: useId(), weightError: useId(), mode: useId() };
  const [weight, setWeight] = useAtom(weightAtom);
  // A weight the field cannot paint with is refused with its reason, and no paint uses it (use-range-editor.ts).
  const reading = readWeight(weight);
  const weightError = reading.ok ? null : t(WEIGHT_PROBLEM_KEYS[reading.problem], { text: weight.trim() });
  const [mode, setMode] = useAtom(displayModeAtom);
  const [heat, setHeat] = useAtom(heatVisibleAtom);
  const [suitMode, setSuitMode] = useAtom(suitModeAtom);
  const readOnly = useAtomValue(chartReadOnlyAtom);
  const { canUndo, canRedo, undo, redo, clear } = useRangeCommands();
  const [open, setOpen] = useState<'picture' | 'text' | null>(null);
  const toggle = (panel: 'picture' | 'text') => setOpen(open === panel ? null : panel);

  const tool = (label: string, hint?: string) => ({
    'aria-label': label,
    title: hint ? `${label} (${hint})` : label,
  });

  return (
    <div className="range-toolbar">
      <div className="range-toolbar__row" role="group" aria-label={t('ranges:toolbar.title')}>
        <div className="range-toolbar__group">
          <button
            type="button"
            className="tool-button"
            onClick={undo}
            disabled={readOnly || !canUndo}
            {...tool(t('ranges:toolbar.undo'), t('ranges:toolbar.undoHint'))}
          >
            <Icon name="undo" />
          </button>
          <button
            type="button"
            className="tool-button"
            onClick={redo}
            disabled={readOnly || !canRedo}
            {...tool(t('ranges:toolbar.redo'), t('ranges:toolbar.redoHint'))}
          >
            <Icon name="redo" />
          </button>
          <button
            type="button"
            className="tool-button"
            onClick={clear}
            disabled={readOnly}
            {...tool(t('ranges:toolbar.clear'))}
          >
            <Icon name="clear" />
          </button>
        </div>
        <div className="range-toolbar__group range-toolbar__group--paint">
          <label className="range-toolbar__field" htmlFor={ids.weight} title={t('ranges:toolbar.weight')}>
            <span>{t('ranges:toolbar.weightShort')}</span>
            <input
              id={ids.weight}
              aria-label={t('ranges:toolbar.weight')}
              aria-invalid={weightError !== null}
              aria-describedby={weightError ? ids.weightError : undefined}
              inputMode="decimal"
              value={weight}
              size={4}
              onChange={(event) => setWeight(event.target.value)}
            />
          </label>
          <label className="range-toolbar__field" htmlFor={ids.mode} title={t('ranges:toolbar.mode')}>
            <span className="visually-hidden">{t('ranges:toolbar.mode')}</span>
            <select id={ids.mode} value={mode} onChange={(event) => setMode(Number(event.target.value))}>
              {DISPLAY_MODES.map((value) => (
                <option key={value} value={value}>
                  {value === 1 ? t('ranges:toolbar.modeSingle') : t('ranges:toolbar.modeWeighted')}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="range-toolbar__group">
          <button
            type="button"
            className="tool-button"
            aria-pressed={heat}
            onClick={() => setHeat(!heat)}
            {...tool(t('ranges:toolbar.heat'))}
          >
            <Icon name="heat" />
          </button>
          <button
            type="button"
            className="tool-button"
            aria-pressed={suitMode}
            onClick={() => setSuitMode(!suitMode)}
            {...tool(t('ranges:toolbar.suits'))}
          >
            <Icon name="suits" />
          </button>
          <button
            type="button"
            className="tool-button"
            aria-expanded={open === 'picture'}
            onClick={() => toggle('picture')}
            {...tool(t('ranges:toolbar.picture'))}
          >
            <Icon name="picture" />
          </button>
          <button
            type="button"
            className="tool-button"
            aria-expanded={open === 'text'}
            onClick={() => toggle('text')}
            {...tool(t('ranges:toolbar.text'))}
          >
            <Icon name="text" />
          </button>
        </div>
      </div>
      {weightError && (
        <p id={ids.weightError} className="range-error range-toolbar__weight-error" role="alert">
          {weightError}
        </p>
      )}
      {open === 'picture' && <PicturePanel />}
      {open === 'text' && <TextPanel />}
    </div>
  );
}
