import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { RoundLink } from '@tsudoi/ui/controls';
import { selectCurrentUser } from '../../auth';
import { selectAttendance } from '../slice';

/** The live floor's way to my shifts (spec §2 tutorial target "attendance schedule"): team members on a plan with attendance only. */
export function AttendanceScheduleLink() {
  const intl = useIntl();
  const user = useAppSelector(selectCurrentUser);
  // as the attendance button beside it: once my attendance has loaded (a team on a plan with shifts)
  const { me } = useAppSelector(selectAttendance);
  if (user?.employmentCompanyId == null || !me) return null;
  return (
    <RoundLink
      to={paths.employeeShift()}
      label={intl.formatMessage({ id: 'attendance.floor.schedule' })}
      tutorial="attendance-schedule"
    >
      {/* a clipboard of shifts (the bookings calendar beside it has the calendar) */}
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V2.5h6V4M8.5 10h7M8.5 14h7M8.5 18h4" />
    </RoundLink>
  );
}
