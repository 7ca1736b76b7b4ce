import { useMemo, useState } from 'react';
import { Button } from '@verba/kit';
import { download, toCsv } from '../csv';

export interface Column<Row> {
  key: string;
  label: string;
  value: (row: Row) => string | number | null;
  /** Shown instead of the raw value (e.g. hours). */
  show?: (row: Row) => string;
}

/**
 * A table in the order its rows came (the server's), sorted by clicking a column header (again to
 * reverse), with a CSV download of what it shows in that order.
 */
export function SortableTable<Row>({
  caption,
  columns,
  rows,
  file,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  file: string;
}) {
  const [sort, setSort] = useState<{ key: string; desc: boolean } | null>(null);
  const sorted = useMemo(() => {
    const col = sort && columns.find((c) => c.key === sort.key);
    if (!sort || !col) return rows;
    const out = [...rows].sort((a, b) => {
      const x = col.value(a) ?? '';
      const y = col.value(b) ?? '';
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return sort.desc ? out.reverse() : out;
  }, [rows, columns, sort]);
  // The file holds what the table shows (hours as hours), in its order.
  const csv = () =>
    download(
      file,
      toCsv(
        columns.map((c) => c.label),
        sorted.map((r) => columns.map((c) => (c.show ? c.show(r) : c.value(r)))),
      ),
    );
  return (
    <div className="an-table">
      <div className="an-table__bar">
        <Button variant="secondary" onClick={csv} disabled={!rows.length}>
          Download CSV
        </Button>
      </div>
      <div className="an-table__scroll">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" aria-sort={sort?.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
                  <button type="button" onClick={() => setSort((s) => ({ key: c.key, desc: s?.key === c.key ? !s.desc : false }))}>
                    {c.label}
                    {sort?.key === c.key ? (sort.desc ? ' ▼' : ' ▲') : ''}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.key}>{c.show ? c.show(row) : (c.value(row) ?? '—')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
