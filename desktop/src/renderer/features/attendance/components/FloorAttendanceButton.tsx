import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { usePopup } from '@tsudoi/ui/controls';
import { attendanceOpened, selectAttendance } from '../slice';
import { AttendanceActions } from './AttendanceActions';
import { StatusPill } from './StatusPill';
import { TimecardPrompt } from './TimecardPrompt';
import { timeIn } from './format';
import './attendance.css';

/**
 * The floor's attendance button (spec §2 floor tutorial target): my status,
 * and check-in, breaks and check-out without leaving the floor. Only for
 * members of a team (a guest has no attendance).
 */
export function FloorAttendanceButton() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { me, last } = useAppSelector(selectAttendance);
  const { open, setOpen, root } = usePopup();
  const member = user?.employmentCompanyId != null;
  useEffect(() => {
    if (member) dispatch(attendanceOpened());
  }, [member, dispatch]);
  if (!member || !me) return null;
  const status = last?.status ?? null;
  return (
    <div className="att-floor" ref={root}>
      <TimecardPrompt />
      <button
        type="button"
        className={`att-floor__button att-floor__button--${status ?? 'none'}`}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-tutorial="attendance"
        onClick={() => setOpen(!open)}
      >
        <span className="att-pill__dot" aria-hidden="true" />
        {intl.formatMessage({ id: 'attendance.floor.button' })}
        <span className="visually-hidden">: {intl.formatMessage({ id: `attendance.status.${status ?? 'none'}` })}</span>
      </button>
      {open && (
        <div
          className="popup-panel att-floor__panel"
          role="dialog"
          aria-label={intl.formatMessage({ id: 'attendance.title' })}
        >
          <div className="att-floor__head">
            <StatusPill status={status} />
            {last?.record && (
              <span className="card__note">
                {intl.formatMessage({ id: 'attendance.report.checkIn' })} {timeIn(last.record.checkInAt, me.timeZone)}
              </span>
            )}
          </div>
          <AttendanceActions compact />
          <Link className="att-link" to="/attendance" onClick={() => setOpen(false)}>
            {intl.formatMessage({ id: 'attendance.floor.open' })}
          </Link>
        </div>
      )}
    </div>
  );
}
