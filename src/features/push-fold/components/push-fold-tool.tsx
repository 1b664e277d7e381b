import './push-fold.css';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Tabs } from '@/components/tabs';

import { SpotEditor } from './spot-editor';
import { SpotResults } from './spot-results';
import { ThresholdView } from './threshold-view';

type View = 'spot' | 'thresholds';

/**
 * The tournament page's push/fold solver: a spot (heads-up in chip EV or ICM, or a table of 3 to 9 under ICM)
 * solved on the engine's workers, its charts, ICM equity, an EV-priced comparison with the player's own chart and
 * saving as charts; and the heads-up threshold chart. `onOpenCharts` shows the tournament tree (after a save).
 */
export function PushFoldTool({ onOpenCharts }: { onOpenCharts: () => void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('spot');
  return (
    <div className="push-fold">
      <p className="muted push-fold__intro">{t('pushFold:tool.intro')}</p>
      <div className="push-fold__views">
        <Tabs
          items={[
            { key: 'spot', label: t('pushFold:tool.spot') },
            { key: 'thresholds', label: t('pushFold:tool.thresholds') },
          ]}
          active={view}
          onChange={setView}
          label={t('pushFold:tool.label')}
          idPrefix="push-fold"
        />
      </div>
      <div
        role="tabpanel"
        id={`push-fold-panel-${view}`}
        aria-labelledby={`push-fold-tab-${view}`}
        className="push-fold__panel"
      >
        {view === 'spot' ? (
          <div className="push-fold__layout">
            <SpotEditor />
            <div className="push-fold__results">
              <SpotResults onOpenCharts={onOpenCharts} />
            </div>
          </div>
        ) : (
          <ThresholdView />
        )}
      </div>
    </div>
  );
}
