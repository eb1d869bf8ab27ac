import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Row } from '../slice';
import type { Column } from './ResourceList';

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
        <tbody>
          {rows.map((row) => (
            <tr key={String(row.id)}>
              {columns.map((c, i) => {
                const value = c.render ? c.render(row) : ((row[c.key] as ReactNode) ?? '—');
                return (
                  <td key={c.key} className={c.wide ? 'console-table__wide' : undefined}>
                    {i === 1 && rowLink ? (
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
      </table>
      {rows.length === 0 && (
        <p className="console-empty">{intl.formatMessage({ id: 'adminConsole.list.noResults' })}</p>
      )}
    </div>
  );
}
