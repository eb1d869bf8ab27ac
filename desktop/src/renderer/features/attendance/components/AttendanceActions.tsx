import { useIntl } from 'react-intl';
import { ATTENDANCE_ACTIONS, type AttendanceAction } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '@tsudoi/ui/controls';
import { recordRequested, selectAttendance } from '../slice';

/** The four buttons of spec §4; only those the status allows are enabled; the main next step is primary. */
export function AttendanceActions({ compact = false }: { compact?: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { last, recording } = useAppSelector(selectAttendance);
  const allowed = new Set<AttendanceAction>(last?.allowed ?? []);
  const primary: AttendanceAction =
    last?.status === 'working' ? 'checkOut' : last?.status === 'onBreak' ? 'endBreak' : 'checkIn';
  return (
    <div className={`att-actions${compact ? ' att-actions--compact' : ''}`}>
      {ATTENDANCE_ACTIONS.map((action) => (
        <Button
          key={action}
          variant={action === primary ? 'primary' : 'secondary'}
          className={`att-actions__button att-actions__button--${action}`}
          disabled={!last || !allowed.has(action) || (recording !== null && recording !== action)}
          busy={recording === action}
          data-action={action}
          onClick={() => recording === null && dispatch(recordRequested({ action }))}
        >
          {intl.formatMessage({ id: `attendance.action.${action}` })}
        </Button>
      ))}
    </div>
  );
}
