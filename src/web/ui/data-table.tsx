import type { ReactNode } from 'react';
import { PanelCard } from './panel-card.tsx';

// The dense tables of the dashboards; they scroll sideways on a phone instead of squeezing.
export function DataTable<Row>({
  title,
  columns,
  rows,
  rowKey,
  className = '',
}: {
  title: string;
  columns: ReadonlyArray<{ header: string; cell: (row: Row) => ReactNode }>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  className?: string;
}) {
  return (
    <PanelCard title={title} className={className}>
      <div className="-mx-5 -my-5 overflow-x-auto">
        <table className="w-full min-w-[600px] text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="px-5 py-3">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.header} className="px-5 py-3 text-slate-700">
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </PanelCard>
  );
}

export function PersonCell({ name, email }: { name: string; email: string }) {
  return (
    <>
      <p className="font-medium text-slate-900">{name}</p>
      <p className="text-xs text-slate-500">{email}</p>
    </>
  );
}
