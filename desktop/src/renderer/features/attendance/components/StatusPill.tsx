import { useIntl } from 'react-intl';
import type { AttendanceStatus } from '@tsudoi/common';

/** Working (green), on break (amber), left work (grey), not checked in (outline). */
export function StatusPill({ status }: { status: AttendanceStatus | null }) {
  const intl = useIntl();
  const key = status ?? 'none';
  return (
    <span className={`att-pill att-pill--${key}`} data-attendance={key}>
      <span className="att-pill__dot" aria-hidden="true" />
      {intl.formatMessage({ id: `attendance.status.${key}` })}
    </span>
  );
}
