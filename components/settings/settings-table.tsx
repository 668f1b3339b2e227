/** A Settings list as a table: the column headings, an unlabelled actions column last, then the rows. */
import type { ReactNode } from 'react';
import s from './settings.module.css';

export function SettingsTable({ testId, columns, children }: { testId: string; columns: ReactNode; children: ReactNode }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table} data-testid={testId}>
        <thead>
          <tr>
            {columns}
            <th className={s.colActions}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
