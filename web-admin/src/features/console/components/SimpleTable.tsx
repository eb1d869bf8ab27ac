import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Row } from '../slice';
import type { MessageId } from '@tsudoi/common';

/** A column of a console table. */
export interface Column {
  key: string;
  label: MessageId;
  /** The server's sort name, when the column can be sorted. */
  sort?: string;
  render?(row: Row): ReactNode;
  /** Hidden on a phone. */
  wide?: boolean;
}

/** The rows of a console table: the second cell links to the row's page when there is one. */
export function TableRows({ columns, rows, rowLink }: { columns: Column[]; rows: Row[]; rowLink?(row: Row): string }) {
  return (
    <tbody>
      {rows.map((row) => (
        <tr key={String(row.id)}>
          {columns.map((column, index) => {
            const value = column.render ? column.render(row) : ((row[column.key] as ReactNode) ?? '—');
            return (
              <td key={column.key} className={column.wide ? 'console-table__wide' : undefined}>
                {index === 1 && rowLink ? (
                  <Link className="console-table__link" to={rowLink(row)}>
                    {value}
                  </Link>
                ) : (
                  value
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </tbody>
  );
}

/** A related list inside a detail page (members, participants, hosted floors): no paging. */
export function SimpleTable({
  columns,
  rows,
  rowLink,
}: {
  columns: Column[];
  rows: Row[];
  rowLink?(row: Row): string;
}) {
  const intl = useIntl();
  return (
    <div className="console-card console-table-wrap">
      <table className="console-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={c.wide ? 'console-table__wide' : undefined}>
                {intl.formatMessage({ id: c.label })}
              </th>
            ))}
          </tr>
        </thead>
        <TableRows columns={columns} rows={rows} rowLink={rowLink} />
      </table>
      {rows.length === 0 && (
        <p className="console-empty">{intl.formatMessage({ id: 'adminConsole.list.noResults' })}</p>
      )}
    </div>
  );
}
