import type { ReactNode } from 'react';

/** A column of a data table: its heading, and classes of its own (alignment, say). */
export type Column = { label: ReactNode; className?: string };

/** The header row of a data table: one `th scope="col"` a column, each with the table's cell classes. */
export function ColumnHeaders({ columns, cellClassName }: { columns: Column[]; cellClassName: string }) {
  return (
    <tr>
      {columns.map((c, i) => (
        <th key={i} scope="col" className={c.className ? `${cellClassName} ${c.className}` : cellClassName}>
          {c.label}
        </th>
      ))}
    </tr>
  );
}
