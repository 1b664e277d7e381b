import type { ReactNode } from 'react';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
import type { PagedListState } from '@/lib/use-paged-list';

export interface PagedTableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** A class for this column's cells, for layouts that rearrange cells on narrow screens. */
  className?: string;
}

interface PagedTableProps<Row extends { id: number | string }> {
  list: PagedListState<Row>;
  columns: PagedTableColumn<Row>[];
  emptyText: string;
  /** A modifier for the table (e.g. a compact phone layout). */
  className?: string;
}

/** A server-paged list as a table, with loading, empty and error states and the pager below. */
export function PagedTable<Row extends { id: number | string }>({
  list,
  columns,
  emptyText,
  className,
}: PagedTableProps<Row>) {
  return (
    <AsyncState
      loading={list.loading}
      error={list.error}
      empty={list.list.length === 0}
      emptyText={emptyText}
      onRetry={list.reload}
    >
      <div className="table-wrap">
        {/* Explicit roles keep the table a table for screen readers when a phone layout changes its display. */}
        <table className={`table ${className ?? ''}`} role="table">
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column) => (
                <th scope="col" role="columnheader" key={column.header} className={column.className}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {list.list.map((row) => (
              <tr key={row.id} role="row">
                {columns.map((column) => (
                  <td key={column.header} role="cell" className={column.className}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} perPage={list.perPage} total={list.total} onPage={list.setPage} />
    </AsyncState>
  );
}
