import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AsyncState } from '@/components/async-state';
import { Tabs } from '@/components/tabs';
import { errorMessage } from '@/lib/error-message';
import type { RootType, TreeNode } from '@contract/categories';

import { rangeIds } from '../chart-tree';
import { useChartTree } from '../use-chart-tree';

export interface DrillSelection {
  ids: number[];
  /** What the drill is over: the chart's or the folder's name. */
  title: string;
}

function PickerNode({ node, onPick }: { node: TreeNode; onPick: (selection: DrillSelection) => void }) {
  const { t } = useTranslation();
  const ids = rangeIds(node);
  if (ids.length === 0) return null;
  const isRange = node.kind === 'range';
  return (
    <li className={`trainer-picker__node trainer-picker__node--${isRange ? 'range' : 'folder'}`}>
      <div className="trainer-picker__row">
        <span className="trainer-picker__name" title={node.name}>
          {node.name}
        </span>
        {node.is_template && <span className="badge">{t('trainer:picker.bought')}</span>}
        <button
          type="button"
          className={`button ${isRange ? 'button--primary' : 'button--ghost'} trainer-picker__train`}
          data-chart-id={isRange ? node.id : undefined}
          aria-label={isRange ? t('trainer:picker.trainRange', { name: node.name }) : undefined}
          onClick={() => onPick({ ids, title: node.name })}
        >
          {isRange ? t('trainer:picker.train') : t('trainer:picker.trainAll', { count: ids.length })}
        </button>
      </div>
      {!isRange && (
        <ul className="trainer-picker__children">
          {node.children.map((child) => (
            <PickerNode key={child.id} node={child} onPick={onPick} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Chooses what to drill from the player's library: one chart, or every chart of a folder. */
export function ChartPicker({ onPick }: { onPick: (selection: DrillSelection) => void }) {
  const { t } = useTranslation();
  const [rootType, setRootType] = useState<RootType>('preflop_root');
  const tree = useChartTree(rootType);
  const nodes = tree.data?.children ?? [];
  const empty = nodes.every((node) => rangeIds(node).length === 0);
  return (
    <section className="card trainer-picker" aria-labelledby="trainer-picker-title">
      <h2 id="trainer-picker-title">{t('trainer:picker.title')}</h2>
      <Tabs
        items={[
          { key: 'preflop_root' as const, label: t('trainer:picker.cash') },
          { key: 'tournament_root' as const, label: t('trainer:picker.tournament') },
        ]}
        active={rootType}
        onChange={setRootType}
        label={t('trainer:picker.label')}
        idPrefix="trainer"
      />
      <div role="tabpanel" id={`trainer-panel-${rootType}`} aria-labelledby={`trainer-tab-${rootType}`}>
        <AsyncState
          loading={tree.loading}
          error={tree.error ? errorMessage(tree.error) : null}
          empty={empty}
          emptyText={t('trainer:picker.empty')}
          onRetry={tree.reload}
        >
          <ul className="trainer-picker__tree">
            {nodes.map((node) => (
              <PickerNode key={node.id} node={node} onPick={onPick} />
            ))}
          </ul>
        </AsyncState>
      </div>
    </section>
  );
}
