import './range-tool-layout.css';
import '../editor/components/range-editor.css';
import '../editor/components/strategy-legend.css';

import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Tabs } from '@/components/tabs';
import { appStore, useAtomValue } from '@/lib/store';
import { useMediaQuery } from '@/lib/use-media-query';
import type { RootType } from '@contract/categories';

import { CellInspector } from '../editor/components/cell-inspector';
import { ColorButtons } from '../editor/components/color-buttons';
import { EditorToolbar } from '../editor/components/editor-toolbar';
import { RangeGrid } from '../editor/components/range-grid';
import { StrategyBar } from '../editor/components/strategy-bar';
import { SuitEditor } from '../editor/components/suit-editor';
import { useHistoryCommands } from '../editor/use-range-editor';
import { EquityPanel } from '../equity/components/equity-panel';
import { fourColorDeckAtom } from '../equity/deck-style';
import { useRangeEquity } from '../equity/use-range-equity';
import { RangeLibrary } from '../library/components/range-library';
import { TemplateNotice } from '../library/components/template-notice';
import { libraryWidthAtom } from '../library/library-layout';
import { useAutosave } from '../library/use-range-library';
import { useWorkingState } from '../library/use-working-state';
import { LeaveGuard } from '../saving/components/leave-guard';
import { SaveStatus } from '../saving/components/save-status';
import { buttonsAtom, chartReadOnlyAtom, currentColorAtom } from '../shared/atoms';

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

/** From this width the library, the chart and the equity sit side by side (range-tool-layout.css); below it, one at a time. */
const COLUMNS_QUERY = '(min-width: 990px)';

type Section = 'chart' | 'equity' | 'library';

/**
 * Below 990 px the tool's three parts are one tab each (chart, equity, library), so the library is one tap away on a
 * phone instead of below the chart, the 52-card deck and the equity figures. Each part stays mounted while hidden:
 * the equity keeps computing and an edit in progress keeps its state. From 990 px there are no tabs.
 */
function useSections() {
  const tabs = !useMediaQuery(COLUMNS_QUERY);
  const [section, setSection] = useState<Section>('chart');
  const toolRef = useRef<HTMLDivElement>(null);
  const show = useCallback((next: Section) => {
    setSection(next);
    // A part is read from its start: back to the tab bar when the page had scrolled past it (under the header).
    const tool = toolRef.current;
    if (!tool) return;
    const underHeader = parseFloat(getComputedStyle(tool).scrollMarginTop) || 0;
    if (tool.getBoundingClientRect().top < underHeader) tool.scrollIntoView({ block: 'start' });
  }, []);
  // A range chosen in the library opens on its chart; the focus, on the row hidden with the library, goes to the
  // chart's tab rather than to the start of the page.
  const openChart = useCallback(() => {
    if (!tabs) return;
    show('chart');
    requestAnimationFrame(() =>
      document.getElementById('range-tool-tab-chart')?.focus({ preventScroll: true }),
    );
  }, [tabs, show]);
  const panel = (key: Section) => ({
    className: 'range-tool__panel',
    id: `range-tool-panel-${key}`,
    role: tabs ? 'tabpanel' : undefined,
    'aria-labelledby': tabs ? `range-tool-tab-${key}` : undefined,
    hidden: tabs && section !== key,
  });
  return { tabs, section, show, openChart, panel, toolRef };
}

/** The range tool: library, the 13x13 editor with its strategy legend, and the live equity panel. */
export function RangeTool({ rootType }: { rootType: RootType }) {
  const { t } = useTranslation();
  const fourColor = useAtomValue(fourColorDeckAtom);
  const libraryWidth = useAtomValue(libraryWidthAtom);
  // A ready-made strategy is not painted: the painting hint gives way to the notice above the chart.
  const readOnly = useAtomValue(chartReadOnlyAtom);
  const { tabs, section, show, openChart, panel, toolRef } = useSections();
  useRangeEquity();
  useAutosave();
  useWorkingState(rootType);
  useKeyboardShortcuts();
  return (
    <div
      ref={toolRef}
      className="range-tool"
      data-root-type={rootType}
      data-deck={fourColor ? 'four' : 'two'}
      data-layout={tabs ? 'tabs' : 'columns'}
      style={{ '--library-width': `${libraryWidth}px` } as CSSProperties}
    >
      {tabs && (
        <div className="range-tool__tabs">
          <Tabs<Section>
            items={[
              { key: 'chart', label: t('ranges:tabs.chart') },
              { key: 'equity', label: t('ranges:tabs.equity') },
              { key: 'library', label: t('ranges:tabs.library') },
            ]}
            active={section}
            onChange={show}
            label={t('ranges:tabs.label')}
            idPrefix="range-tool"
          />
          {/* Whether the last paint reached the server, in sight whichever part is open. */}
          <SaveStatus />
        </div>
      )}
      <div {...panel('library')}>
        <RangeLibrary rootType={rootType} onOpenRange={openChart} saveStatus={!tabs} />
      </div>
      <div {...panel('chart')}>
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
          <div className="range-grid-frame">
            <RangeGrid />
          </div>
          <div className="range-editor__foot">
            {!readOnly && <p className="range-editor__hint muted">{t('ranges:grid.hint')}</p>}
          </div>
          <SuitEditor />
        </section>
      </div>
      <div {...panel('equity')}>
        <EquityPanel />
      </div>
      <CellInspector />
      <LeaveGuard />
    </div>
  );
}
