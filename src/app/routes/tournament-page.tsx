import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

import { LoadingState } from '@/components/async-state';
import { Tabs } from '@/components/tabs';
import { RangeTool } from '@/features/range-tool/page/range-tool';

// The solver's code loads when its tab is first opened: the charts tab, the page's default, does not wait for it.
const PushFoldTool = lazy(async () => ({
  default: (await import('@/features/push-fold/components/push-fold-tool')).PushFoldTool,
}));

type Tool = 'charts' | 'push-fold';

/**
 * /tournament: the tournament tree's range tool and the push/fold solver, one tab each (?tool=push-fold opens the
 * solver, so it can be linked and survives a reload). Only the open tab is mounted: the range tool's keys (undo,
 * colour digits) and equity jobs are not live behind the solver, and the tree reloads when the charts come back
 * after a save.
 */
export function TournamentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tool: Tool = params.get('tool') === 'push-fold' ? 'push-fold' : 'charts';
  const show = (next: Tool) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'push-fold') updated.set('tool', next);
        else updated.delete('tool');
        return updated;
      },
      { replace: true },
    );
  const title = t('common:ranges.tournamentTitle');
  return (
    <div className="range-page">
      <header className="page-head">
        <h1>{title}</h1>
        <p className="muted">{t('common:ranges.tournamentText')}</p>
      </header>
      <Tabs
        items={[
          { key: 'charts', label: t('pushFold:tabs.charts') },
          { key: 'push-fold', label: t('pushFold:tabs.pushFold') },
        ]}
        active={tool}
        onChange={show}
        label={t('pushFold:tabs.label')}
        idPrefix="tournament"
      />
      <section
        className="range-page__tool"
        role="tabpanel"
        id={`tournament-panel-${tool}`}
        aria-labelledby={`tournament-tab-${tool}`}
      >
        {tool === 'charts' ? (
          <RangeTool rootType="tournament_root" />
        ) : (
          <Suspense fallback={<LoadingState />}>
            <PushFoldTool onOpenCharts={() => show('charts')} />
          </Suspense>
        )}
      </section>
    </div>
  );
}
