import type { ReactNode } from 'react';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
import type { PagedListState } from '@/lib/use-paged-list';

export interface PagedTableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

interface PagedTableProps<Row extends { id: number | string }> {
  list: PagedListState<Row>;
  columns: PagedTableColumn<Row>[];
  emptyText: string;
}

/** A server-paged list as a table, with loading, empty and error states and the pager below. */
export function PagedTable<Row extends { id: number | string }>({
  list,
  columns,
  emptyText,
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
        <table className="table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" key={column.header}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.list.map((row) => (
              <tr key={row.id}>
                {columns.map((column) => (
                  <td key={column.header}>{column.cell(row)}</td>
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
