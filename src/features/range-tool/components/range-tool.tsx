import './range-tool.css';
import './strategy-legend.css';

import { type CSSProperties, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { appStore, useAtom, useAtomValue } from '@/lib/store';
import type { RootType } from '@contract/categories';

import { buttonsAtom, chartReadOnlyAtom, currentColorAtom, gridPanAtom } from '../atoms';
import { fourColorDeckAtom } from '../deck-style';
import { libraryWidthAtom } from '../library-layout';
import { useHistoryCommands } from '../use-range-editor';
import { useRangeEquity } from '../use-range-equity';
import { useAutosave } from '../use-range-library';
import { useWorkingState } from '../use-working-state';
import { ColorButtons } from './color-buttons';
import { EditorToolbar } from './editor-toolbar';
import { EquityPanel } from './equity-panel';
import { Icon } from './icons';
import { LeaveGuard } from './leave-guard';
import { RangeGrid } from './range-grid';
import { RangeLibrary } from './range-library';
import { StrategyBar } from './strategy-bar';
import { SuitEditor } from './suit-editor';
import { TemplateNotice } from './template-notice';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z or Ctrl+Y redoes, digits 1–9 choose a colour button; never while typing in a
 * field, where those keys belong to the text.
 */
function useKeyboardShortcuts() {
  const { undo, redo } = useHistoryCommands();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      if (/^[1-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
        const button = appStore.get(buttonsAtom)[Number(event.key) - 1];
        if (button) appStore.set(currentColorAtom, button.color);
        return;
      }
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}

/** The range tool: library, the 13x13 editor with its strategy legend, and the live equity panel. */
export function RangeTool({ rootType }: { rootType: RootType }) {
  const { t } = useTranslation();
  const fourColor = useAtomValue(fourColorDeckAtom);
  const [pan, setPan] = useAtom(gridPanAtom);
  const libraryWidth = useAtomValue(libraryWidthAtom);
  // A ready-made strategy is not painted: the painting hint gives way to the notice above the chart.
  const readOnly = useAtomValue(chartReadOnlyAtom);
  useRangeEquity();
  useAutosave();
  useWorkingState(rootType);
  useKeyboardShortcuts();
  return (
    <div
      className="range-tool"
      data-root-type={rootType}
      data-deck={fourColor ? 'four' : 'two'}
      style={{ '--library-width': `${libraryWidth}px` } as CSSProperties}
    >
      <RangeLibrary rootType={rootType} />
      <section className="range-editor" aria-labelledby="range-editor-title">
        <div className="range-editor__head">
          <h2 id="range-editor-title" className="visually-hidden">
            {t('ranges:editor.title')}
          </h2>
          <EditorToolbar />
        </div>
        <div className="strategy-legend" data-testid="strategy-legend">
          <StrategyBar />
          <ColorButtons />
        </div>
        <TemplateNotice />
        <div className="range-grid-frame" data-pan={pan ? 'on' : 'off'}>
          <RangeGrid />
        </div>
        <div className="range-editor__foot">
          <button
            type="button"
            className="tool-button range-editor__pan"
            aria-pressed={pan}
            onClick={() => setPan(!pan)}
            title={t('ranges:grid.pan')}
            aria-label={t('ranges:grid.pan')}
          >
            <Icon name="pan" />
          </button>
          {!readOnly && <p className="range-editor__hint muted">{t('ranges:grid.hint')}</p>}
        </div>
        <SuitEditor />
      </section>
      <EquityPanel />
      <LeaveGuard />
    </div>
  );
}
