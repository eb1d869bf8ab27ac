import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { RoundLink } from '../../../ui/RoundLink';
import { selectCurrentUser } from '../../auth';

/** The live floor's way to my shifts (spec §2 tutorial target "attendance schedule"): team members only. */
export function AttendanceScheduleLink() {
  const intl = useIntl();
  const user = useAppSelector(selectCurrentUser);
  if (user?.employmentCompanyId == null) return null;
  return (
    <RoundLink
      to={paths.employeeShift()}
      label={intl.formatMessage({ id: 'attendance.floor.schedule' })}
      tutorial="attendance-schedule"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M12 13v3l2 1" />
    </RoundLink>
  );
}
