import { useId, useState, type ReactNode } from 'react';
import { analyticsCopy } from '#src/shared/analytics/messages.ts';
import { Button } from '#src/web/ui/button.tsx';
import { downloadCsv, toCsv } from './csv.ts';

export interface ChartTable {
  header: string[];
  rows: Array<Array<string | number>>;
  // The CSV's file name.
  file: string;
}

// A chart, the same figures as a table (for screen readers and for reading exact numbers), and a CSV.
export function ChartCard({ title, table, children }: { title: string; table: ChartTable; children: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-card border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="mr-auto text-base font-semibold text-slate-900">
          {title}
        </h2>
        <Button variant="secondary" className="px-3 py-1.5 text-sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? analyticsCopy.showChart : analyticsCopy.showTable}
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-sm"
          onClick={() => downloadCsv(table.file, toCsv(table.header, table.rows))}
        >
          {analyticsCopy.csv}
        </Button>
      </div>
      {asTable ? (
        // A long table scrolls in its box; keyboard users scroll it once it has focus (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus
        <div className="max-h-80 overflow-auto" role="region" aria-label={analyticsCopy.tableOf(title)} tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-white">
              <tr>
                {table.header.map((name) => (
                  <th key={name} scope="col" className="border-b border-slate-200 px-2 py-1.5 font-semibold text-slate-700">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((value, index) =>
                    index === 0 ? (
                      <th key={index} scope="row" className="border-b border-slate-100 px-2 py-1 font-medium text-slate-900">
                        {value}
                      </th>
                    ) : (
                      <td key={index} className="border-b border-slate-100 px-2 py-1 text-slate-700 tabular-nums">
                        {value}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        children
      )}
    </section>
  );
}
