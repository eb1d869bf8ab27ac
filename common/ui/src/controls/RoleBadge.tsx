import { useIntl } from 'react-intl';
import type { EmployeeRole } from '@tsudoi/common';
import './page.css';

const STYLE: Partial<Record<EmployeeRole, string>> = { OWNER: 'badge--primary', ADMIN: 'badge--accent' };

/** A team role as a small label: Owner, Admin, Member… (spec §6). */
export function RoleBadge({ role }: { role: EmployeeRole }) {
  const intl = useIntl();
  return (
    <span className={['badge', STYLE[role]].filter(Boolean).join(' ')}>
      {intl.formatMessage({ id: `common.role.${role}` })}
    </span>
  );
}
