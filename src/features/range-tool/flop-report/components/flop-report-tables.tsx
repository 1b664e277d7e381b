// The texture groups table (a row selects the flops shown below) and the sortable flops table (a flop opens the
// range tool with that board). Column headers are buttons, so sorting works from the keyboard.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FlopRow } from '@/engine/engine-types';
import { useFormat } from '@/lib/format';

import { CardChip } from '../../equity/components/card-picker';
import { COLUMN_LABELS, groupLabel } from '../labels';
import {
  type Dimension,
  type Group,
  rowSummary,
  type Side,
  type Sort,
  type SortKey,
  sortRows,
  SUMMARY_KEYS,
} from '../report-rules';

/** Rows shown at first and added by each "show more": the DOM stays light even with 22,100 flops. */
const PAGE = 100;

export function GroupsTable({
  groups,
  dimension,
  side,
  selected,
  onSelect,
}: {
  groups: Group[];
  dimension: Dimension;
  side: Side;
  selected: string | null;
  onSelect: (key: string | null) => void;
}) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  return (
    <div className="flop-table-frame">
      <table className="flop-table" data-testid="flop-groups">
        <caption className="visually-hidden">{t('flopReport:groupsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('flopReport:columns.group')}</th>
            <th scope="col">{t('flopReport:columns.frequency')}</th>
            <th scope="col">{t('flopReport:columns.equity')}</th>
            {SUMMARY_KEYS.map((key) => (
              <th scope="col" key={key}>
                {t(COLUMN_LABELS[key])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => {
            const name = t(groupLabel(group.key));
            const active = selected === group.key;
            return (
              <tr
                key={group.key}
                data-group={`${dimension}:${group.key}`}
                className={active ? 'is-active' : ''}
              >
                <th scope="row">
                  <button
                    type="button"
                    className="flop-table__pick"
                    aria-pressed={active}
                    title={t('flopReport:filter')}
                    onClick={() => onSelect(active ? null : group.key)}
                  >
                    {name}
                  </button>
                </th>
                <td>{percent(group.figures.frequency)}</td>
                <td data-testid="group-equity">{percent(group.figures.equity, 2)}</td>
                {SUMMARY_KEYS.map((key) => (
                  <td key={key}>{percent(group.figures.summaries[side][key])}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function SortHeader({ column, sort, onSort }: { column: SortKey; sort: Sort; onSort: (sort: Sort) => void }) {
  const { t } = useTranslation();
  const active = sort.key === column;
  const name = t(COLUMN_LABELS[column]);
  return (
    <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <button
        type="button"
        className="flop-table__sort"
        title={t('flopReport:sortBy', { column: name })}
        onClick={() => onSort({ key: column, descending: active ? !sort.descending : column !== 'flop' })}
      >
        {name}
        <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
      </button>
    </th>
  );
}

export function FlopsTable({
  rows,
  side,
  caption,
  onOpen,
}: {
  rows: FlopRow[];
  side: Side;
  caption: string;
  onOpen: (row: FlopRow) => void;
}) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  const [sort, setSort] = useState<Sort>({ key: 'flop', descending: false });
  const [shown, setShown] = useState(PAGE);
  const sorted = sortRows(rows, sort, side);
  const visible = sorted.slice(0, shown);
  const columns: SortKey[] = ['flop', 'frequency', 'equity', ...SUMMARY_KEYS];
  return (
    <>
      <div className="flop-table-frame">
        <table className="flop-table" data-testid="flop-rows">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <SortHeader key={column} column={column} sort={sort} onSort={setSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((row) => {
              const text = row.cards.join('');
              return (
                <tr key={text} data-flop={text}>
                  <th scope="row">
                    <button
                      type="button"
                      className="flop-table__pick flop-table__flop"
                      aria-label={t('flopReport:open', { flop: text })}
                      onClick={() => onOpen(row)}
                    >
                      {row.cards.map((card) => (
                        <CardChip key={card} card={card} />
                      ))}
                    </button>
                  </th>
                  <td>{percent(row.weight / 22_100, 2)}</td>
                  <td data-testid="flop-equity" data-equity={row.outcome?.equity ?? ''}>
                    {row.outcome ? percent(row.outcome.equity, 2) : t('flopReport:noOutcome')}
                  </td>
                  {SUMMARY_KEYS.map((key) => {
                    const value = rowSummary(row, key, side);
                    return (
                      <td key={key}>{Number.isNaN(value) ? t('flopReport:noOutcome') : percent(value)}</td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {sorted.length > shown && (
        <button
          type="button"
          className="button button--ghost flop-report__more"
          onClick={() => setShown(shown + PAGE)}
        >
          {t('flopReport:more', { count: Math.min(PAGE, sorted.length - shown) })}
        </button>
      )}
    </>
  );
}
